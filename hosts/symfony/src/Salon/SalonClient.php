<?php

namespace App\Salon;

/**
 * The server-to-server calls to the salon (host-shell/server/routes/host.ts). Each is signed with the shared secret
 * SALON_HOST_SECRET: HMAC-SHA256 of "timestamp\nnonce\nMETHOD\npath\nbody", sent with the timestamp and a fresh
 * nonce, so the salon refuses a forged, stale or replayed call. The browser never sees the secret nor this call.
 */
final class SalonClient
{
    public function __construct(
        private string $salonUrl,
        private string $secret,
        private string $hostName,
    ) {
        $this->salonUrl = rtrim($salonUrl, '/');
    }

    /**
     * Tells the salon who the user is; answers `page_data` (decoded as objects, so `{}` stays `{}` when encoded
     * again) and `session` (`token`, `cookie`, `max_age`).
     *
     * @param array<string, mixed> $user this site's user: id, profile, names, e-mail, stands (panorama slugs)
     */
    public function handoff(array $user, string $origin, ?string $locale, ?string $session): object
    {
        $body = [
            'host' => $this->hostName,
            'user' => [
                'id' => (string) $user['id'],
                'profile' => $user['profile'],
                'email' => $user['email'] ?? null,
                'firstname' => $user['firstname'] ?? null,
                'lastname' => $user['lastname'] ?? null,
                'pseudo' => $user['pseudo'] ?? null,
                'city' => $user['city'] ?? null,
                'postal_code' => $user['postal_code'] ?? null,
                'mobile' => $user['mobile'] ?? null,
                'stands' => $user['stands'] ?? [],
            ],
            'origin' => $origin,
        ];
        if ($locale !== null) {
            $body['locale'] = $locale;
        }
        if ($session !== null && $session !== '') {
            $body['session'] = $session;
        }
        return $this->post('/api/host/sessions', $body)->data;
    }

    /**
     * May the user of this salon session enter the room now (`GET /api/check_legitimity`: the salon's opening hours
     * and access mode)? Answers `legitimate`, and when not, `reason` (closed, login_required, not_invited), `message`
     * (what to tell the person, in `$locale`, a time in the salon's time zone), `time_zone`, and `opens_at` (ISO 8601,
     * UTC) when it opens later.
     */
    public function checkLegitimity(string $session, ?string $locale): object
    {
        $context = stream_context_create(['http' => [
            'method' => 'GET',
            'header' => implode("\r\n", array_filter([
                'Accept: application/json',
                'Cookie: salon_session=' . rawurlencode($session) . ($locale !== null ? '; salon_locale=' . $locale : ''),
            ])),
            'ignore_errors' => true,
            'timeout' => 10,
        ]]);
        $raw = @file_get_contents($this->salonUrl . '/api/check_legitimity', false, $context);
        if ($raw === false) {
            throw new \RuntimeException("The salon does not answer at {$this->salonUrl}");
        }
        $answer = json_decode($raw, false, 512, JSON_THROW_ON_ERROR);
        if (!isset($answer->data->legitimate)) {
            throw new \RuntimeException('The salon refused /api/check_legitimity: ' . $raw);
        }
        return $answer->data;
    }

    /** Ends a salon session (its chat sockets close too). */
    public function endSession(string $token): void
    {
        $this->post('/api/host/sessions/end', ['session' => $token]);
    }

    private function post(string $path, array $body): object
    {
        if (\strlen($this->secret) < 32) {
            throw new \RuntimeException('SALON_HOST_SECRET is not set (at least 32 characters, the same as the salon server\'s)');
        }
        $payload = json_encode($body, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR);
        $signedPath = (parse_url($this->salonUrl, PHP_URL_PATH) ?: '') . $path;
        $timestamp = (string) time();
        $nonce = rtrim(strtr(base64_encode(random_bytes(24)), '+/', '-_'), '=');
        $signature = hash_hmac('sha256', "{$timestamp}\n{$nonce}\nPOST\n{$signedPath}\n{$payload}", $this->secret);
        $context = stream_context_create(['http' => [
            'method' => 'POST',
            'header' => implode("\r\n", [
                'Content-Type: application/json',
                'Accept: application/json',
                "X-Salon-Timestamp: {$timestamp}",
                "X-Salon-Nonce: {$nonce}",
                "X-Salon-Signature: {$signature}",
            ]),
            'content' => $payload,
            'ignore_errors' => true,
            'timeout' => 10,
        ]]);
        $raw = @file_get_contents($this->salonUrl . $path, false, $context);
        if ($raw === false) {
            throw new \RuntimeException("The salon does not answer at {$this->salonUrl}");
        }
        $status = preg_match('#^HTTP/\S+ (\d{3})#', $http_response_header[0] ?? '', $m) ? (int) $m[1] : 0;
        $answer = json_decode($raw, false, 512, JSON_THROW_ON_ERROR);
        if ($status !== 200) {
            $message = $answer->data->message ?? $raw;
            throw new \RuntimeException("The salon refused {$path} ({$status}): {$message}");
        }
        return $answer;
    }
}
