import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { CustomPageProps } from '../../renderer/context.ts';

export const meta = {
  title: { en: 'Payments and payouts in one API', ru: 'Платежи и выплаты через один API' },
  description: {
    en: 'Corvopay lets you accept card, bank, wallet and crypto payments and send payouts in 40+ countries through one API and one merchant cabinet.',
    ru: 'Corvopay принимает платежи картами, банковскими переводами, кошельками и криптовалютой и отправляет выплаты в 40+ странах — через один API и один личный кабинет.',
  },
};

type IconName = 'card' | 'send' | 'invoice' | 'bell' | 'cabinet' | 'book';

/*
 * Every link below is a route of content/docs/ (or its Russian twin), written without the locale
 * prefix: `home` adds it. The build's link check (`--check-links`) fails on one that does not exist.
 */
const text = {
  en: {
    eyebrow: 'Corvopay developer portal',
    title: 'Payments and payouts in one API',
    lead: 'Accept cards, bank transfers, instant-payment schemes, mobile money, wallets and crypto, and send payouts to your customers in more than 40 countries. One integration, one set of credentials, one reconciliation report.',
    start: 'Read the introduction',
    api: 'API reference',
    code: {
      label: 'A signed request and its response',
      request: 'cURL',
      response: 'Response',
      requestCaption: 'Request: POST /v1/transaction/create, signed with the point’s secret key',
      responseCaption: 'Response: HTTP 200, the transaction waits for the customer on the payment page',
      note: 'Amounts are in minor units: 150000 BRL is R$ 1,500.00.',
    },
    productsTitle: 'What you can build',
    cards: [
      { icon: 'card', title: 'Pay-in', body: 'Hosted payment page or host-to-host: cards with 3-D Secure, PIX, SPEI, UPI, BLIK, Papara and 150 more services.', href: 'services/overview' },
      { icon: 'send', title: 'Payouts', body: 'Send money to bank accounts, instant-payment keys, wallets and mobile money, with templates and mass payouts from the cabinet.', href: 'services/payouts_other' },
      { icon: 'invoice', title: 'Invoicing', body: 'Issue a payment link by API or from the cabinet, customise the page and follow every transaction made on it.', href: 'invoicing/payment_page' },
      { icon: 'bell', title: 'Callbacks', body: 'Signed notifications on every status change, retried for about two days until your server answers OK.', href: 'callbacks' },
      { icon: 'cabinet', title: 'Merchant cabinet', body: 'Balances, reports, payout history, access rights and point settings for your finance and support teams.', href: 'cabinet/general/overview' },
      { icon: 'book', title: 'Reference', body: 'Error codes, transaction statuses, test cards, country, currency and bank codes.', href: 'reference/api_error_codes' },
    ] satisfies { icon: IconName; title: string; body: string; href: string }[],
    stepsTitle: 'From sandbox to production',
    steps: [
      { title: 'Get sandbox keys', body: 'Copy your sandbox point’s point_id and secret_key in the cabinet.', href: 'cabinet/control/point_settings' },
      { title: 'Sign a request', body: 'Sign your first request and create a test transaction.', href: 'request_format#request-signing' },
      { title: 'Handle callbacks', body: 'Verify callbacks, answer OK and check statuses.', href: 'callbacks' },
      { title: 'Go live', body: 'Switch the base URL and the keys to production.', href: 'request_format#base-urls' },
    ],
    popularTitle: 'Popular pages',
    popular: [
      { title: 'Create a transaction', body: 'POST /v1/transaction/create', href: 'api/transaction_create' },
      { title: 'Callbacks', body: 'Signed status notifications', href: 'callbacks' },
      { title: 'Test cards', body: 'Card numbers for the sandbox', href: 'reference/test_cards' },
      { title: 'Error codes', body: 'Every code and what to do', href: 'reference/api_error_codes' },
    ],
    newsTitle: 'What’s new',
    newsBody: 'New services, methods and fields, newest first. Breaking changes are announced at least 90 days in advance.',
    newsLink: 'Read the changelog',
    feedLink: 'Atom feed',
  },
  ru: {
    eyebrow: 'Портал разработчика Corvopay',
    title: 'Платежи и выплаты через один API',
    lead: 'Принимайте оплату картами, банковскими переводами, через системы мгновенных платежей, мобильные деньги, кошельки и криптовалюту и отправляйте выплаты более чем в 40 странах. Одна интеграция, один набор ключей, один отчёт для сверки.',
    start: 'Начать с введения',
    api: 'Справочник API',
    code: {
      label: 'Подписанный запрос и ответ на него',
      request: 'cURL',
      response: 'Ответ',
      requestCaption: 'Запрос: POST /v1/transaction/create, подписанный секретным ключом точки',
      responseCaption: 'Ответ: HTTP 200, транзакция ждёт покупателя на платёжной странице',
      note: 'Суммы указываются в минимальных единицах валюты: 150000 BRL — это 1500,00 реала.',
    },
    productsTitle: 'Что можно сделать',
    cards: [
      { icon: 'card', title: 'Приём платежей', body: 'Платёжная страница или прямая интеграция (host-to-host): карты с 3-D Secure, PIX, SPEI, UPI, BLIK, Papara и ещё 150 сервисов.', href: 'services/overview' },
      { icon: 'send', title: 'Выплаты', body: 'Переводы на банковские счета, по ключам мгновенных платежей, в кошельки и на мобильные деньги — с шаблонами и массовыми выплатами из личного кабинета.', href: 'services/payouts_other' },
      { icon: 'invoice', title: 'Инвойсинг', body: 'Выставляйте ссылку на оплату через API или из кабинета, настраивайте страницу и отслеживайте каждую транзакцию по ней.', href: 'invoicing/payment_page' },
      { icon: 'bell', title: 'Колбэки', body: 'Подписанный колбэк при каждой смене статуса; повторяем отправку около двух суток, пока ваш сервер не ответит OK.', href: 'callbacks' },
      { icon: 'cabinet', title: 'Личный кабинет', body: 'Балансы, отчёты, история выплат, права доступа и настройки точек для финансовой службы и поддержки.', href: 'cabinet/general/overview' },
      { icon: 'book', title: 'Справочники', body: 'Коды ошибок, статусы транзакций, тестовые карты, коды стран, валют и банков.', href: 'reference/api_error_codes' },
    ] satisfies { icon: IconName; title: string; body: string; href: string }[],
    stepsTitle: 'От песочницы до боевой среды',
    steps: [
      { title: 'Получите тестовые ключи', body: 'Скопируйте point_id и secret_key тестовой точки в личном кабинете.', href: 'cabinet/control/point_settings' },
      { title: 'Подпишите запрос', body: 'Подпишите первый запрос и создайте тестовую транзакцию.', href: 'request_format#request-signing' },
      { title: 'Примите колбэки', body: 'Проверяйте подпись колбэков, отвечайте OK и следите за статусами.', href: 'callbacks' },
      { title: 'Перейдите в боевую среду', body: 'Замените базовый URL и ключи на боевые.', href: 'request_format#base-urls' },
    ],
    popularTitle: 'Популярные страницы',
    popular: [
      { title: 'Создание транзакции', body: 'POST /v1/transaction/create', href: 'api/transaction_create' },
      { title: 'Колбэки', body: 'Подписанные колбэки о смене статуса', href: 'callbacks' },
      { title: 'Тестовые карты', body: 'Номера карт для песочницы', href: 'reference/test_cards' },
      { title: 'Коды ошибок', body: 'Что означает каждый код и что делать', href: 'reference/api_error_codes' },
    ],
    newsTitle: 'Что нового',
    newsBody: 'Новые сервисы, методы и поля — сверху самые свежие. О несовместимых изменениях сообщаем не позднее чем за 90 дней.',
    newsLink: 'Открыть журнал изменений',
    feedLink: 'Atom-лента',
  },
};

/*
 * The hero's sample: the request of the `payin_hpp` example of `transaction/create` in
 * content/api/openapi.yaml (trimmed) and that example's response. Signed as content/CONVENTIONS.md
 * says: HMAC-SHA256 of `{X-Timestamp}.{raw body}` with the point's secret key, lowercase hex.
 */
const REQUEST = `BODY='{
  "order_id": "order-100045",
  "type": "payin",
  "service_id": "brazil_pix_payin_hpp",
  "amount": 150000,
  "currency": "BRL",
  "description": "Order #100045",
  "customer": {
    "email": "joao.silva@example.com",
    "country": "BR"
  },
  "return_url": "https://shop.example.com/orders/100045"
}'
TS=$(date +%s)
SIG=$(printf '%s.%s' "$TS" "$BODY" \\
  | openssl dgst -sha256 -hmac "$CORVOPAY_SECRET_KEY" \\
  | sed 's/^.* //')

curl https://sandbox.corvopay.com/v1/transaction/create \\
  -X POST \\
  -H "Content-Type: application/json" \\
  -H "X-Point-Id: pt_7Hq2Lx9Vd3" \\
  -H "X-Timestamp: $TS" \\
  -H "X-Signature: $SIG" \\
  -H "Idempotency-Key: order-100045" \\
  -d "$BODY"`;

const RESPONSE = `{
  "transaction": {
    "id": "tx_01HZX3K9QW7M5R2T8B4N",
    "order_id": "order-100045",
    "status": "pending",
    "type": "payin",
    "amount": 150000,
    "currency": "BRL",
    "service_id": "brazil_pix_payin_hpp",
    "created_at": "2025-03-14T10:22:31Z",
    "expires_at": "2025-03-14T10:52:31Z",
    "payment_url": "https://pay.corvopay.com/p/tx_01HZX3K9QW7M5R2T8B4N"
  }
}`;

/** A few token colours from one regular expression, the same in the prerender and the browser (a highlighter would weigh more than the page): keys, strings, numbers, shell words. */
function highlight(code: string, lang: 'bash' | 'json'): ReactNode[] {
  const pattern =
    lang === 'json'
      ? /("(?:[^"\\]|\\.)*")(?=\s*:)|("(?:[^"\\]|\\.)*")|(-?\b\d+(?:\.\d+)?\b)/g
      : /(^[A-Z]+(?==))|('[^']*'|"(?:[^"\\]|\\.)*")|(\$\(?[A-Za-z_]+\)?)|(\s-[A-Za-z]\b)|(\b(?:curl|printf|openssl|sed|date)\b)/gm;
  const classes = lang === 'json' ? ['key', 'string', 'number'] : ['key', 'string', 'variable', 'flag', 'command'];
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of code.matchAll(pattern)) {
    const group = m.slice(1).findIndex((g) => g !== undefined && g !== '');
    if (group < 0) continue;
    if (m.index > last) out.push(code.slice(last, m.index));
    out.push(
      <span key={m.index} className={`tok-${classes[group]}`}>
        {m[0]}
      </span>,
    );
    last = m.index + m[0].length;
  }
  out.push(code.slice(last));
  return out;
}

/**
 * The hero's code window: tabs (ARIA tabs, arrow keys move between them). Without JavaScript the
 * tabs cannot switch, so a `<noscript>` style shows both panels, one above the other, each with its caption.
 */
function CodeWindow({ t }: { t: (typeof text)['en']['code'] }) {
  const id = useId();
  const [selected, setSelected] = useState(0);
  const tabs = [
    { label: t.request, caption: t.requestCaption, code: highlight(REQUEST, 'bash') },
    { label: t.response, caption: t.responseCaption, code: highlight(RESPONSE, 'json') },
  ];
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = e.key === 'ArrowRight' ? selected + 1 : e.key === 'ArrowLeft' ? selected - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? tabs.length - 1 : null;
    if (next === null) return;
    e.preventDefault();
    const i = (next + tabs.length) % tabs.length;
    setSelected(i);
    document.getElementById(`${id}-tab-${i}`)?.focus();
  };
  return (
    <figure className="code-window" aria-label={t.label}>
      <noscript>
        <style>{'.code-window__tabs{display:none}.code-window__panel[hidden]{display:block}.code-window__caption{display:block}'}</style>
      </noscript>
      <div className="code-window__bar">
        <span className="code-window__dots" aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
        <div className="code-window__tabs" role="tablist" aria-label={t.label} onKeyDown={onKeyDown}>
          {tabs.map((tab, i) => (
            <button
              key={tab.label}
              type="button"
              role="tab"
              id={`${id}-tab-${i}`}
              aria-selected={i === selected}
              aria-controls={`${id}-panel-${i}`}
              tabIndex={i === selected ? 0 : -1}
              className="code-window__tab"
              onClick={() => setSelected(i)}
            >
              {tab.label}
            </button>
          ))}
        </div>
      </div>
      {tabs.map((tab, i) => (
        <div key={tab.label} className="code-window__panel" role="tabpanel" id={`${id}-panel-${i}`} aria-labelledby={`${id}-tab-${i}`} hidden={i !== selected}>
          <p className="code-window__caption">{tab.caption}</p>
          <pre className="code-window__code" tabIndex={0}>
            <code>{tab.code}</code>
          </pre>
        </div>
      ))}
      <figcaption className="code-window__note">{t.note}</figcaption>
    </figure>
  );
}

const ICONS: Record<IconName, ReactNode> = {
  card: (
    <>
      <rect x="2.5" y="5" width="19" height="14" rx="2" />
      <path d="M2.5 10h19M6.5 15h4" />
    </>
  ),
  send: <path d="M21 3 10.5 13.5M21 3l-6.5 18-4-7.5L3 9.5z" />,
  invoice: <path d="M14 2.5H6.5a2 2 0 0 0-2 2v15a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V8zM14 2.5V8h5.5M8.5 13h7M8.5 17h4.5" />,
  bell: <path d="M6 9a6 6 0 0 1 12 0c0 6.5 2.5 8.5 2.5 8.5h-17S6 15.5 6 9zM10.3 20.5a2 2 0 0 0 3.4 0" />,
  cabinet: (
    <>
      <rect x="3" y="3" width="7.5" height="9" rx="1.5" />
      <rect x="13.5" y="3" width="7.5" height="5" rx="1.5" />
      <rect x="13.5" y="11" width="7.5" height="10" rx="1.5" />
      <rect x="3" y="15" width="7.5" height="6" rx="1.5" />
    </>
  ),
  book: <path d="M4 19.5A2.5 2.5 0 0 1 6.5 17H20M6.5 2.5H20v19H6.5A2.5 2.5 0 0 1 4 19V5a2.5 2.5 0 0 1 2.5-2.5z" />,
};

function Icon({ name }: { name: IconName }) {
  return (
    <svg className="landing__icon" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {ICONS[name]}
    </svg>
  );
}

const Arrow = () => (
  <svg className="landing__arrow" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d="M5 12h14M13 6l6 6-6 6" />
  </svg>
);

/** The landing page: what the gateway offers and where to start in the docs. */
export default function Landing({ site }: CustomPageProps) {
  const t = site.locale === 'ru' ? text.ru : text.en;
  const home = site.locales.find((l) => l.locale === site.locale)?.home ?? '/';
  return (
    <div className="landing">
      <section className="landing__hero">
        <div className="landing__intro">
          <p className="landing__eyebrow">{t.eyebrow}</p>
          <h1 className="landing__title">{t.title}</h1>
          <p className="landing__lead">{t.lead}</p>
          <div className="landing__actions">
            <a className="button" href={home}>
              {t.start}
            </a>
            <a className="button button--secondary" href={`${home}api/api_methods`}>
              {t.api}
            </a>
          </div>
        </div>
        <CodeWindow t={t.code} />
      </section>
      <section className="landing__section" aria-labelledby="landing-products">
        <h2 id="landing-products" className="landing__heading">
          {t.productsTitle}
        </h2>
        <ul className="landing__grid">
          {t.cards.map((c) => (
            <li key={c.href}>
              <a className="landing__card" href={home + c.href}>
                <span className="landing__card-icon">
                  <Icon name={c.icon} />
                </span>
                <span className="landing__card-title">{c.title}</span>
                <span className="landing__card-body">{c.body}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>
      <section className="landing__section landing__steps" aria-labelledby="landing-steps">
        <h2 id="landing-steps" className="landing__heading">
          {t.stepsTitle}
        </h2>
        <ol className="landing__step-list">
          {t.steps.map((s, i) => (
            <li key={s.href + i}>
              <a className="landing__step" href={home + s.href}>
                <span className="landing__step-number" aria-hidden="true">
                  {i + 1}
                </span>
                <span className="landing__step-title">{s.title}</span>
                <span className="landing__step-body">{s.body}</span>
                <Arrow />
              </a>
            </li>
          ))}
        </ol>
      </section>
      <div className="landing__row">
        <section className="landing__section landing__popular" aria-labelledby="landing-popular">
          <h2 id="landing-popular" className="landing__heading">
            {t.popularTitle}
          </h2>
          <ul className="landing__links">
            {t.popular.map((p) => (
              <li key={p.href}>
                <a className="landing__link" href={home + p.href}>
                  <span className="landing__link-title">{p.title}</span>
                  <span className="landing__link-body">{p.body}</span>
                  <Arrow />
                </a>
              </li>
            ))}
          </ul>
        </section>
        {/* The latest entry itself, with its tag, needs the changelog's data, which a React page does not
            receive (it gets only `site` and `page`): until it does, this links to the page and its feed. */}
        <section className="landing__section landing__news" aria-labelledby="landing-news">
          <h2 id="landing-news" className="landing__heading">
            {t.newsTitle}
          </h2>
          <p className="landing__news-body">{t.newsBody}</p>
          <p className="landing__news-links">
            <a className="landing__news-link" href={`${home}changelog`}>
              {t.newsLink}
              <Arrow />
            </a>
            <a href={`${home}changelog.atom`}>{t.feedLink}</a>
          </p>
        </section>
      </div>
    </div>
  );
}
