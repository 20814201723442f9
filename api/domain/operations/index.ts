// The operations feature's front door: what the edges (HTTP, bot, command line) and the other features
// use of it. Outside api/domain/operations/, import this, never a file inside it.
export { readDashboard } from "./admin-dashboard";
export { membersCsv, ordersCsv, productsCsv } from "./exports";
export { sweepEnded } from "./housekeeping";
export { databaseAnswers, readiness, withTimeout } from "./readiness";
