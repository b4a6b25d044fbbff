/** How long a customer's Ask to rearrange may be: the form's maxlength and the server's check (rearrange.server.ts). */
export const REARRANGE_MAX = 1000;
