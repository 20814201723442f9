// The seeded end-to-end server's Shopify store (playwright.config.ts starts it): the fake Storefront
// endpoint of the integration tests, on the port it is given, until the run ends.
import { startFakeStorefront } from "../../helpers/fake-storefront";

await startFakeStorefront(Number(process.env.PORT));
