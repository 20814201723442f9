// The setup report's front door (decision 121): what the HTTP edge uses of it. Outside
// api/domain/setup-report/, import this, never a file inside it.
export { setupReport } from "./report";
export { sendTestMail } from "./test-mail";
