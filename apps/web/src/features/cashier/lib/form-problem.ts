/** A field's problem: an i18n key (or a ready text) and the values it interpolates. */
export interface FieldProblem {
  key: string;
  values?: Record<string, string | number>;
}

export const problem = (key: string, values?: FieldProblem['values']): FieldProblem => ({
  key,
  values,
});
