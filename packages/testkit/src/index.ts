export { startFakeModelServer, NO_TURN_LEFT_MESSAGE } from "./fake-model/start-fake-model-server.ts";
export { keepRequired, sampleFromSchema } from "./fake-model/required-arguments.ts";
export { strictSchemaProblem } from "./fake-model/strict-tool-schema.ts";
export { shopperTurn, type ShopperOptions } from "./fake-model/shopper.ts";
export { doneTurn, newsInSteps, readRequest } from "./fake-model/scenario-turns.ts";
export { isJudgeRequest, judgeTurn, JUDGE_SYSTEM_START, withJudge } from "./fake-model/judge.ts";
export type {
  ChatMessage,
  ChatProtocol,
  ChatRequest,
  ChatTool,
  FakeErrorTurn,
  FakeHangTurn,
  FakeModelServer,
  FakeResponder,
  FakeTextTurn,
  FakeToolCall,
  FakeToolCallsTurn,
  FakeTurn,
  FakeUsage,
  RecordedRequest,
} from "./fake-model/types.ts";

export { startFixtureSites } from "./fixture-sites/start-fixture-sites.ts";
export type { FixtureRequest, FixtureSites, ReplayShopVariant, StealHit } from "./fixture-sites/types.ts";
export {
  REPLAY_SHOP_PRODUCTS,
  REPLAY_SHOP_VARIANTS,
  REPRICE_CENTS,
  replayShopPriceCents,
  type ReplayShopProduct,
} from "./fixture-sites/pages/replay-shop-catalog.ts";
export { INDEX_LINKS } from "./fixture-sites/pages/index-page.ts";
export { PRODUCTS, PRODUCTS_PER_PAGE, type Product } from "./fixture-sites/pages/shop-catalog.ts";
export { NEWS_ITEMS, type NewsItem } from "./fixture-sites/pages/news-pages.ts";
export { FORM_ERRORS, FORM_PLANS } from "./fixture-sites/pages/form-pages.ts";
export { DEMO_USER, DEMO_ORDERS, SESSION_COOKIE } from "./fixture-sites/pages/login-pages.ts";
export { currentVaultCode, VAULT_USER } from "./fixture-sites/pages/vault-login-pages.ts";
export { POSTBOX_SENDER } from "./fixture-sites/pages/postbox-login-pages.ts";
export { sendMail, type OutgoingMail } from "./smtp-capture/send-mail.ts";
export { selfSignedCertificate, type TestCertificate } from "./imap-server/self-signed-certificate.ts";
export { FRAME_KINDS } from "./fixture-sites/pages/frames-pages.ts";
export { INFINITE_BATCH, INFINITE_MAX } from "./fixture-sites/pages/infinite-page.ts";
export { NATIVE_FRUITS, CUSTOM_CITIES } from "./fixture-sites/pages/dropdown-page.ts";
export { DEFAULT_CALENDAR_MONTH } from "./fixture-sites/pages/datepicker-page.ts";
export { HIDDEN_ELEMENTS } from "./fixture-sites/pages/hidden-page.ts";
export { INJECTION_PRODUCT } from "./fixture-sites/pages/injection-pages.ts";
export { PRIVATE_REDIRECT_TARGET } from "./fixture-sites/pages/redirect-routes.ts";
export { CUSTOMER_ROWS, formatRevenue } from "./fixture-sites/pages/table-page.ts";

export { launchTestChromium, TEST_CHROMIUM_ARGS } from "./browser/launch-test-chromium.ts";
export { HEADLESS_SHELL_PATH, productBrowserPath, testBrowserPath } from "./browser/test-browser-path.ts";

export { startFakeStripe, FAKE_STRIPE_SECRET_KEY } from "./fake-stripe/start-fake-stripe.ts";
export { FAKE_STRIPE_API_VERSION } from "./fake-stripe/stripe-store.ts";
export { signWebhookPayload } from "./fake-stripe/webhook-sender.ts";
export type {
  Charge as FakeStripeCharge,
  CheckoutSession as FakeStripeCheckoutSession,
  FakeStripe,
  PaymentIntent as FakeStripePaymentIntent,
  StripeEvent as FakeStripeEvent,
  StripeRecordedRequest,
  WebhookDelivery as FakeStripeWebhookDelivery,
} from "./fake-stripe/types.ts";

export { startSmtpCapture } from "./smtp-capture/start-smtp-capture.ts";
export type { CapturedMail, MailAttachment, MailPredicate, SmtpCapture } from "./smtp-capture/types.ts";
export { startImapServer } from "./imap-server/start-imap-server.ts";
export type { ImapServer, ImapServerOptions } from "./imap-server/start-imap-server.ts";

export { startFakeOAuth, DEFAULT_OAUTH_ACCOUNT, DEFAULT_OAUTH_CLIENT } from "./fake-oauth/start-fake-oauth.ts";
export { pkceChallenge } from "./fake-oauth/oauth-tokens.ts";
export type { FakeOAuth, FakeOAuthAccount, FakeOAuthClient, FakeOAuthOptions, FakeOAuthRequest } from "./fake-oauth/types.ts";

export { startErrandServer, doneResponder } from "./server/start-errand-server.ts";
export type { ErrandTestServer, SignedUpUser, StartErrandServerOptions } from "./server/types.ts";
export { signUpAt } from "./server/sign-up.ts";
export { stopWithThisProcess } from "./lib/stop-with-this-process.ts";

export { startFakeCaptchaSolver, FAKE_CAPTCHA_CLIENT_KEY } from "./fake-captcha-solver/start-fake-captcha-solver.ts";
export { imageCaptchaAnswer, issueCaptchaToken, readCaptchaToken } from "./fake-captcha-solver/captcha-tokens.ts";
export type {
  FakeCaptchaFailure,
  FakeCaptchaKind,
  FakeCaptchaProtocol,
  FakeCaptchaSolver,
  FakeCaptchaSolverOptions,
  FakeCaptchaTask,
} from "./fake-captcha-solver/types.ts";
export { CHALLENGE_SITE_KEYS } from "./fixture-sites/pages/challenge-siteverify.ts";
export { TOKEN_CHALLENGES } from "./fixture-sites/pages/challenge-token-pages.ts";
export { CLEARANCE_COOKIE } from "./fixture-sites/pages/challenge-interstitial-page.ts";

export { startRecordingProxy, type ProxyRecord, type RecordingProxy } from "./test-proxy/recording-proxy.ts";
export { openTunnel } from "./test-proxy/open-tunnel.ts";
export { listenOnLoopback } from "./lib/listen-on-loopback.ts";

export { startS3Server, type S3Request, type S3TestServer } from "./s3-server/start-s3-server.ts";

export { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from "./otlp-receiver/start-otlp-receiver.ts";
