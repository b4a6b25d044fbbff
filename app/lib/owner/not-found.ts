/** What an unknown /admin path throws, so the guard's error page says "No such page" rather than "No such request". */
export const NO_SUCH_PAGE = "no-such-page";
