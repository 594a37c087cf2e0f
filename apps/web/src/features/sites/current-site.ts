let current: string | undefined;

/** The premise (operating site id) the user works in now; set by the navigation guard. */
export const getCurrentPremise = () => current;

export function setCurrentPremise(premise: string) {
  current = premise;
}

/** The current premise as a site id, for components inside a premise route. */
export const currentSiteId = () => (current === undefined ? undefined : Number(current));
