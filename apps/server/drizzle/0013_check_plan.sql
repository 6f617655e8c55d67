-- A statement's own check of what it wrote, for statements whose transaction commits right
-- behind them (the commit is sent before their answer comes back): a check that fails raises
-- here, inside the statement, so the transaction rolls back instead of committing.
CREATE FUNCTION spm_check(ok boolean, message text) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = message;
  END IF;
  RETURN true;
END
$$;
