-- A node of a cluster says whether it runs the crash game (CRASH_GAME): the game's lease is
-- designated among the nodes that do, so a node with CRASH_GAME=off (a socket or API node)
-- is never the one the others wait for (docs/decisions.md "Several nodes").
ALTER TABLE "cluster_nodes" ADD COLUMN "runs_crash" boolean DEFAULT true NOT NULL;
