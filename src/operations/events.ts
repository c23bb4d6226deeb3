import {
  EventListSchema,
  ListEventsArgsSchema,
  ListEventsQuerySchema,
  listEvents,
} from "../domain/events/list-events.ts";
import { operation } from "./operation.ts";

export const EVENT_OPERATIONS = [
  operation({
    id: "listEvents",
    method: "GET",
    path: "/api/events",
    auth: "required",
    scope: "events:read",
    summary: "Events (the outbox): of one charge in order, or the latest of the account",
    tags: ["events"],
    input: ListEventsQuerySchema,
    args: ListEventsArgsSchema,
    output: EventListSchema,
    run: (c, input) => listEvents(c.deps, c.principal, input),
  }),
];
