import { createContext } from "react-router";
import type { OwnerSession } from "./sessions.server.ts";

/** The signed-in owner, set by the guard's middleware for every loader and action under it. */
export const ownerContext = createContext<OwnerSession>();
