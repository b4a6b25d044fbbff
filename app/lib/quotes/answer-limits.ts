/** How long a customer's answer to a quote may be: the form's limits and the server's checks alike. */
export const ANSWER_NAME_MAX = 100;
export const DECLINE_REASON_MAX = 1000;
