/** Where the app serves the generated sample pitch deck the example sends (the API's /docs/sample-deck.pdf). */
export const sampleDeckUrl = (webhookUrl: string) => `${webhookUrl.replace(/\/api\/intake\/webhook\/[^/]*$/, '')}/docs/sample-deck.pdf`;

/**
 * A Standard Webhooks request made with the shell, as copied: it downloads the app's sample
 * deck, puts it in the JSON body (deck_base64), signs id.timestamp.body with HMAC-SHA256 keyed
 * by the decoded secret, and posts it. Needs bash, curl, openssl, base64 and od.
 */
export function webhookCurl(webhookUrl: string, secret: string): string {
  return [
    `SECRET='${secret}'`,
    `URL='${webhookUrl}'`,
    // The app that serves the webhook also serves the sample deck, at /docs/sample-deck.pdf.
    `DECK=$(curl -sSf "\${URL%/api/intake/webhook/*}/docs/sample-deck.pdf" | base64 | tr -d '\\n')`,
    `BODY='{"company_name":"Acme Robotics","website":"https://acme.example","stage":"Seed","contact_email":"founder@acme.example","deck_filename":"sample-deck.pdf","deck_base64":"'"$DECK"'"}'`,
    'ID="msg_$(date +%s)$RANDOM"; TS=$(date +%s)',
    'KEY=$(printf %s "${SECRET#whsec_}" | base64 -d | od -An -tx1 | tr -d " \\n")',
    'SIG=$(printf %s "$ID.$TS.$BODY" | openssl dgst -sha256 -mac HMAC -macopt "hexkey:$KEY" -binary | base64 | tr -d "\\n")',
    'curl -sS -X POST "$URL" \\',
    '  -H "content-type: application/json" -H "webhook-id: $ID" -H "webhook-timestamp: $TS" \\',
    '  -H "webhook-signature: v1,$SIG" --data-binary "$BODY"',
  ].join('\n');
}
