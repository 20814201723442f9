export * from "./catalogue";
export * from "./channel";
export * from "./legal";
export * from "./membership";
export * from "./orders";
export * from "./plan-payments";
export * from "./rate-limits";
export * from "./users";
