// The form's rules come in a chunk of their own (assessment-rules.ts): asked for at the first touch
// of the form, or at once for a form that opens filled in (an edit, a draft). Until they arrive the
// form cannot be sent, and what needs them (Submit, "Show what is missing") waits for them.

type Rules = typeof import('./assessment-rules');

let rules: Rules | null = null;
let loading: Promise<Rules> | null = null;

/** The rules, loaded once; a failed load (the link dropped) is tried again at the next call. */
export function loadRules(): Promise<Rules> {
  loading ??= import('./assessment-rules').then(
    (module) => {
      rules = module;
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The rules if they have arrived. */
export function loadedRules(): Rules | null {
  return rules;
}
