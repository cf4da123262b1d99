import type { NotificationKind, NotificationLanguage } from './notifications';

// The words of notifications. A notification stores its kind and its words (`params`), never
// sentences: the bell renders these templates in the reader's language, and the server renders
// push, e-mail and SMS from the same ones in the recipient's notification language. No title, push,
// SMS or subject carries marks, ranks, amounts, a reason or a name: they show on lock screens.
// `{{name}}` is a word; `{{#name}}…{{/name}}` is kept only when that word is given and not empty.

export interface NotificationTemplate {
  title: string;
  body: string;
  /** English stays within one SMS part, Sinhala within two; no link (notifications.md 'SMS'). */
  sms: string;
  emailSubject: string;
  emailLead: string;
}

export const NOTIFICATION_TEMPLATES: Record<NotificationKind, Record<NotificationLanguage, NotificationTemplate>> = {
  'message.new': {
    en: {
      title: 'New announcement',
      body: '{{excerpt}}',
      sms: 'A new announcement from your class. Open the portal to read it.',
      emailSubject: 'New announcement',
      emailLead: 'Your class has a new announcement:',
    },
    si: {
      title: 'නව නිවේදනයක්',
      body: '{{excerpt}}',
      sms: 'ඔබේ පන්තියෙන් නව නිවේදනයක්. කියවීමට පෝටලය විවෘත කරන්න.',
      emailSubject: 'නව නිවේදනයක්',
      emailLead: 'ඔබේ පන්තියට නව නිවේදනයක් ඇත:',
    },
  },
  'lesson.new': {
    en: {
      title: 'New lesson in {{className}}',
      body: '{{title}} is ready to watch.',
      sms: 'A new lesson is ready in your class. Open the portal to watch it.',
      emailSubject: 'New lesson in {{className}}',
      emailLead: '{{title}} is ready to watch in {{className}}.',
    },
    si: {
      title: '{{className}} සඳහා නව පාඩමක්',
      body: '{{title}} දැන් නැරඹිය හැක.',
      sms: 'ඔබේ පන්තියට නව පාඩමක් සූදානම්. නැරඹීමට පෝටලය විවෘත කරන්න.',
      emailSubject: '{{className}} සඳහා නව පාඩමක්',
      emailLead: '{{className}} හි {{title}} දැන් නැරඹිය හැක.',
    },
  },
  'paper.opening': {
    en: {
      title: 'A paper opens soon',
      body: '{{title}} opens at {{time}}.',
      sms: 'A paper opens at {{time}} today. Sign in to the portal on time to sit it.',
      emailSubject: 'A paper opens soon',
      emailLead: '{{title}} of {{className}} opens at {{time}}.',
    },
    si: {
      title: 'ප්‍රශ්න පත්‍රයක් ළඟදීම විවෘත වේ',
      body: '{{title}} {{time}} ට විවෘත වේ.',
      sms: 'අද {{time}} ට ප්‍රශ්න පත්‍රයක් විවෘත වේ. නියමිත වේලාවට පෝටලයට පිවිසෙන්න.',
      emailSubject: 'ප්‍රශ්න පත්‍රයක් ළඟදීම විවෘත වේ',
      emailLead: '{{className}} හි {{title}} {{time}} ට විවෘත වේ.',
    },
  },
  'results.released': {
    en: {
      title: 'Results released',
      body: 'Your results for {{title}}{{#withScript}} and your marked script{{/withScript}} are ready.',
      sms: 'Your paper results are ready. Sign in to the portal to see them.',
      emailSubject: 'Results released',
      emailLead: 'Your results for {{title}}{{#withScript}} and your marked script{{/withScript}} are ready.',
    },
    si: {
      title: 'ප්‍රතිඵල නිකුත් කෙරිණි',
      body: '{{title}} සඳහා ඔබේ ප්‍රතිඵල{{#withScript}} සහ ලකුණු කළ පිළිතුරු පත්‍රය{{/withScript}} දැන් බලාගත හැක.',
      sms: 'ඔබේ ප්‍රතිඵල සූදානම්. බැලීමට පෝටලයට පිවිසෙන්න.',
      emailSubject: 'ප්‍රතිඵල නිකුත් කෙරිණි',
      emailLead: '{{title}} සඳහා ඔබේ ප්‍රතිඵල{{#withScript}} සහ ලකුණු කළ පිළිතුරු පත්‍රය{{/withScript}} දැන් බලාගත හැක.',
    },
  },
  'script.returned': {
    en: {
      title: 'Your marked script is back',
      body: '{{title}}: your script was marked again.',
      sms: 'Your answer script was marked again. Sign in to the portal to see it.',
      emailSubject: 'Your marked script is back',
      emailLead: 'Your script for {{title}} was marked again.',
    },
    si: {
      title: 'ඔබේ ලකුණු කළ පිළිතුරු පත්‍රය ලැබී ඇත',
      body: '{{title}}: ඔබේ පිළිතුරු පත්‍රය නැවත ලකුණු කෙරිණි.',
      sms: 'ඔබේ පිළිතුරු පත්‍රය නැවත ලකුණු කෙරිණි. බැලීමට පෝටලයට පිවිසෙන්න.',
      emailSubject: 'ඔබේ ලකුණු කළ පිළිතුරු පත්‍රය ලැබී ඇත',
      emailLead: '{{title}} සඳහා ඔබේ පිළිතුරු පත්‍රය නැවත ලකුණු කෙරිණි.',
    },
  },
  'fee.due': {
    // Raised three days before the due day and by an admin's Remind of an overdue month: the words
    // name the due day, so they are true on either side of it.
    en: {
      title: 'Class fee not paid yet',
      body: 'The {{month}} fee for {{className}} is not paid yet (due {{dueOn}}).',
      sms: 'Your class fee for {{month}} is not paid yet (due {{dueOn}}). Pay through the portal.',
      emailSubject: 'Class fee not paid yet',
      emailLead: 'The {{month}} fee for {{className}} is not paid yet (due {{dueOn}}).',
    },
    si: {
      title: 'පන්ති ගාස්තුව තවම ගෙවා නැත',
      body: '{{className}} සඳහා {{month}} ගාස්තුව තවම ගෙවා නැත. ගෙවිය යුතු දිනය {{dueOn}}.',
      sms: '{{month}} පන්ති ගාස්තුව තවම ගෙවා නැත. ගෙවිය යුතු දිනය {{dueOn}}. පෝටලය හරහා ගෙවන්න.',
      emailSubject: 'පන්ති ගාස්තුව තවම ගෙවා නැත',
      emailLead: '{{className}} සඳහා {{month}} ගාස්තුව තවම ගෙවා නැත. ගෙවිය යුතු දිනය {{dueOn}}.',
    },
  },
  'payment.receipt': {
    en: {
      title: 'Payment received',
      body: '{{#slip}}Your bank slip was approved. {{/slip}}Receipt {{receiptNo}}.',
      sms: 'Your class fee payment was received. The receipt is in the portal.',
      emailSubject: 'Payment received',
      emailLead: '{{#slip}}Your bank slip was approved. {{/slip}}We received {{amount}} for {{className}} ({{month}}). Receipt {{receiptNo}}.',
    },
    si: {
      title: 'ගෙවීම ලැබුණි',
      body: '{{#slip}}ඔබේ බැංකු පත්‍රිකාව අනුමත කෙරිණි. {{/slip}}රිසිට්පත {{receiptNo}}.',
      sms: 'ඔබේ පන්ති ගාස්තු ගෙවීම ලැබුණි. රිසිට්පත පෝටලයේ ඇත.',
      emailSubject: 'ගෙවීම ලැබුණි',
      emailLead: '{{#slip}}ඔබේ බැංකු පත්‍රිකාව අනුමත කෙරිණි. {{/slip}}{{className}} ({{month}}) සඳහා {{amount}} ලැබුණි. රිසිට්පත {{receiptNo}}.',
    },
  },
  'slip.rejected': {
    en: {
      title: 'Bank slip not accepted',
      body: 'Your bank slip for {{month}} was not accepted. Open the portal to see why.',
      sms: 'Your bank slip was not accepted. Sign in to the portal to see why.',
      emailSubject: 'Bank slip not accepted',
      emailLead: 'Your bank slip for {{className}} ({{month}}) was not accepted. The portal says why and how to pay.',
    },
    si: {
      title: 'බැංකු පත්‍රිකාව පිළිගනු නොලැබීය',
      body: '{{month}} සඳහා ඔබේ බැංකු පත්‍රිකාව පිළිගනු නොලැබීය. හේතුව බැලීමට පෝටලය විවෘත කරන්න.',
      sms: 'ඔබේ බැංකු පත්‍රිකාව පිළිගනු නොලැබීය. හේතුව බැලීමට පෝටලයට පිවිසෙන්න.',
      emailSubject: 'බැංකු පත්‍රිකාව පිළිගනු නොලැබීය',
      emailLead: '{{className}} ({{month}}) සඳහා ඔබේ බැංකු පත්‍රිකාව පිළිගනු නොලැබීය. හේතුව සහ ගෙවන ආකාරය පෝටලයේ ඇත.',
    },
  },
  'payment.reversed': {
    en: {
      title: 'A payment was reversed',
      body: 'Receipt {{receiptNo}} was reversed by the card issuer.',
      sms: 'A card payment was reversed. See the fees screen.',
      emailSubject: 'A payment was reversed',
      emailLead: 'Receipt {{receiptNo}} was reversed by the card issuer (a chargeback).',
    },
    si: {
      title: 'ගෙවීමක් ආපසු හරවන ලදී',
      body: 'රිසිට්පත {{receiptNo}} කාඩ්පත් නිකුත් කරන්නා විසින් ආපසු හරවන ලදී.',
      sms: 'කාඩ්පත් ගෙවීමක් ආපසු හරවන ලදී. ගාස්තු තිරය බලන්න.',
      emailSubject: 'ගෙවීමක් ආපසු හරවන ලදී',
      emailLead: 'රිසිට්පත {{receiptNo}} කාඩ්පත් නිකුත් කරන්නා විසින් ආපසු හරවන ලදී.',
    },
  },
  'security.alert': {
    // The words say how much, never who: the alert's kind and subject (an account id or an address)
    // are on the admins' Security screen, not in a push or a mail.
    en: {
      title: 'Unusual activity on the portal',
      body: '{{count}} suspicious events in {{minutes}} minutes. See the Security screen.',
      sms: 'Unusual activity on the portal. Sign in to see it.',
      emailSubject: 'Unusual activity on the portal',
      emailLead: '{{count}} suspicious events in {{minutes}} minutes (the alert threshold is {{threshold}}). Sign in as an admin and open the Security screen to see what and where from.',
    },
    si: {
      title: 'පෝටලයේ අසාමාන්‍ය ක්‍රියාකාරකම්',
      body: 'මිනිත්තු {{minutes}} තුළ සැක සහිත සිදුවීම් {{count}}. ආරක්ෂක තිරය බලන්න.',
      sms: 'පෝටලයේ අසාමාන්‍ය ක්‍රියාකාරකම්. බැලීමට පෝටලයට පිවිසෙන්න.',
      emailSubject: 'පෝටලයේ අසාමාන්‍ය ක්‍රියාකාරකම්',
      emailLead: 'මිනිත්තු {{minutes}} තුළ සැක සහිත සිදුවීම් {{count}} (අනතුරු ඇඟවීමේ සීමාව {{threshold}}). කුමක්ද, කොහෙන්ද යන්න බැලීමට පරිපාලකයෙකු ලෙස පිවිස ආරක්ෂක තිරය විවෘත කරන්න.',
    },
  },
  'approval.requested': {
    en: {
      title: 'A deletion needs your approval',
      body: '{{requester}} asked to delete {{target}}.',
      sms: 'A deletion needs a second admin. Sign in to approve or decline it.',
      emailSubject: 'A deletion needs your approval',
      emailLead: '{{requester}} asked to delete {{target}}. A second admin must approve it before it happens; sign in to approve or decline it.',
    },
    si: {
      title: 'මකා දැමීමකට ඔබේ අනුමැතිය අවශ්‍යයි',
      body: '{{requester}} {{target}} මකා දැමීමට ඉල්ලා ඇත.',
      sms: 'මකා දැමීමකට දෙවන පරිපාලකයෙකු අවශ්‍යයි. අනුමත කිරීමට හෝ ප්‍රතික්ෂේප කිරීමට පිවිසෙන්න.',
      emailSubject: 'මකා දැමීමකට ඔබේ අනුමැතිය අවශ්‍යයි',
      emailLead: '{{requester}} {{target}} මකා දැමීමට ඉල්ලා ඇත. එය සිදු වීමට පෙර දෙවන පරිපාලකයෙකු අනුමත කළ යුතුය; අනුමත කිරීමට හෝ ප්‍රතික්ෂේප කිරීමට පිවිසෙන්න.',
    },
  },
};

const SECTION = /\{\{#(\w+)\}\}([\s\S]*?)\{\{\/\1\}\}/g;
const SLOT = /\{\{(\w+)\}\}/g;

/** A template with its words filled in; a word the notification lacks becomes empty. */
export function fillTemplate(template: string, params: Readonly<Record<string, string>>): string {
  return template.replace(SECTION, (_, name: string, inner: string) => (params[name] ? inner : '')).replace(SLOT, (_, name: string) => params[name] ?? '');
}

/** The bell's and the server's words of notifications, apart from the templates. */
export const NOTIFICATIONS_TEXT = {
  bell: 'Notifications',
  markAllRead: 'Mark all as read',
  seeAll: 'See all',
  unreadOnly: 'Unread only',
  loadMore: 'Load more',
  empty: 'Nothing new yet',
  noLongerAvailable: 'This notification is no longer available',
  getOnPhone: 'Get these on your phone',
  turnOn: 'Turn on',
  noDevices: 'Notifications are not on for any of your devices',
  testLimit: 'You can send 5 test notifications an hour',
  unsubscribeInvalid: 'This unsubscribe link is not valid',
  /** A channel switch (SMS, or e-mail of a kind its feature mails itself) the kind does not have. */
  smsNotOffered: 'is not offered for this kind',
} as const;
