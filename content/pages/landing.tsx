import type { CustomPageProps } from '../../renderer/context.ts';

export const meta = {
  title: { en: 'Payments and payouts in one API', ru: 'Платежи и выплаты через один API' },
  description: {
    en: 'Corvopay lets you accept card, bank, wallet and crypto payments and send payouts in 40+ countries through one API and one merchant cabinet.',
    ru: 'Corvopay принимает платежи картами, банковскими переводами, кошельками и криптовалютой и отправляет выплаты в 40+ странах — через один API и один личный кабинет.',
  },
};

const text = {
  en: {
    eyebrow: 'Corvopay developer portal',
    title: 'Payments and payouts in one API',
    lead: 'Accept cards, bank transfers, instant-payment schemes, mobile money, wallets and crypto, and send payouts to your customers in more than 40 countries. One integration, one set of credentials, one reconciliation report.',
    start: 'Read the introduction',
    api: 'API reference',
    cards: [
      { title: 'Pay-in', body: 'Hosted payment page or host-to-host: cards with 3-D Secure, PIX, SPEI, UPI, BLIK, Papara and 150 more services.', href: 'services/overview' },
      { title: 'Payouts', body: 'Send money to cards, bank accounts, wallets and mobile money, with templates and mass payouts from the cabinet.', href: 'services/card_payout' },
      { title: 'Invoicing', body: 'Issue a payment link by API or from the cabinet, customise the page and follow every transaction made on it.', href: 'invoicing/payment_page' },
      { title: 'Callbacks', body: 'Signed notifications on every status change, retried for 24 hours until your server answers OK.', href: 'callbacks' },
      { title: 'Merchant cabinet', body: 'Balances, reports, payout history, access rights and point settings for your finance and support teams.', href: 'cabinet/general/overview' },
      { title: 'Reference', body: 'Error codes, transaction statuses, test cards, country, currency and bank codes.', href: 'reference/api_error_codes' },
    ],
    stepsTitle: 'From sandbox to production',
    steps: ['Get sandbox credentials for your point in the cabinet.', 'Sign your first request and create a test transaction.', 'Handle callbacks and check statuses.', 'Switch the base URL and keys to production.'],
  },
  ru: {
    eyebrow: 'Портал разработчика Corvopay',
    title: 'Платежи и выплаты через один API',
    lead: 'Принимайте оплату картами, банковскими переводами, через системы мгновенных платежей, мобильные деньги, кошельки и криптовалюту и отправляйте выплаты более чем в 40 странах. Одна интеграция, один набор ключей, один отчёт для сверки.',
    start: 'Начать с введения',
    api: 'Справочник API',
    cards: [
      { title: 'Приём платежей', body: 'Платёжная страница или прямая интеграция (host-to-host): карты с 3-D Secure, PIX, SPEI, UPI, BLIK, Papara и ещё 150 сервисов.', href: 'services/overview' },
      { title: 'Выплаты', body: 'Переводы на карты, банковские счета, кошельки и мобильные деньги — с шаблонами и массовыми выплатами из личного кабинета.', href: 'services/card_payout' },
      { title: 'Инвойсинг', body: 'Выставляйте ссылку на оплату через API или из кабинета, настраивайте страницу и отслеживайте каждую транзакцию по ней.', href: 'invoicing/payment_page' },
      { title: 'Колбэки', body: 'Подписанный колбэк при каждой смене статуса; повторяем отправку в течение 24 часов, пока ваш сервер не ответит OK.', href: 'callbacks' },
      { title: 'Личный кабинет', body: 'Балансы, отчёты, история выплат, права доступа и настройки точек для финансовой службы и поддержки.', href: 'cabinet/general/overview' },
      { title: 'Справочники', body: 'Коды ошибок, статусы транзакций, тестовые карты, коды стран, валют и банков.', href: 'reference/api_error_codes' },
    ],
    stepsTitle: 'От песочницы до боевой среды',
    steps: ['Получите тестовые ключи точки в личном кабинете.', 'Подпишите первый запрос и создайте тестовую транзакцию.', 'Настройте обработку колбэков и проверку статусов.', 'Переключите базовый URL и ключи на боевые.'],
  },
} as const;

/** The landing page: what the gateway offers and where to start in the docs. */
export default function Landing({ site }: CustomPageProps) {
  const t = site.locale === 'ru' ? text.ru : text.en;
  const home = site.locales.find((l) => l.locale === site.locale)?.home ?? '/';
  return (
    <div className="landing">
      <section className="landing__hero">
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
      </section>
      <section className="landing__grid">
        {t.cards.map((c) => (
          <a key={c.href} className="landing__card" href={home + c.href}>
            <h2>{c.title}</h2>
            <p>{c.body}</p>
          </a>
        ))}
      </section>
      <section className="landing__steps">
        <h2>{t.stepsTitle}</h2>
        <ol>
          {t.steps.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
      </section>
    </div>
  );
}
