<?php

namespace App\Controller;

use App\Salon\SalonClient;
use App\Salon\Users;
use Symfony\Bundle\FrameworkBundle\Controller\AbstractController;
use Symfony\Component\HttpFoundation\Cookie;
use Symfony\Component\HttpFoundation\RedirectResponse;
use Symfony\Component\HttpFoundation\Request;
use Symfony\Component\HttpFoundation\Response;

/**
 * The host site's pages. Who the user is lives in this site's session (`user_id`); the salon learns it on /salon
 * through SalonClient::handoff, and its session cookie (`salon_session`, on this origin: nginx sends /api, /spa and
 * /socket.io to the salon) is set here.
 */
final class HostController extends AbstractController
{
    private const SALON_COOKIE = 'salon_session';

    public function __construct(private Users $users, private SalonClient $salon)
    {
    }

    public function home(Request $request): Response
    {
        return $this->render('home.html.twig', ['user' => $this->currentUser($request)]);
    }

    public function login(Request $request): Response
    {
        $session = $request->getSession();
        $error = null;
        $email = '';
        if ($request->isMethod('POST')) {
            $email = (string) $request->request->get('email', '');
            $token = (string) $request->request->get('_token', '');
            if (!hash_equals((string) $session->get('login_token', ''), $token) || $token === '') {
                $error = 'The form expired: please try again.';
            } elseif ($user = $this->users->authenticate($email, (string) $request->request->get('password', ''))) {
                $session->migrate(true);
                $session->set('user_id', $user['id']);
                $session->remove('login_token');
                $target = $request->query->get('next') === 'salon' ? 'salon' : 'home';
                return new RedirectResponse($this->generateUrl($target), 303);
            } else {
                $error = 'Wrong e-mail or password.';
            }
        }
        if (!$session->has('login_token')) {
            $session->set('login_token', bin2hex(random_bytes(16)));
        }
        $response = $this->render('login.html.twig', [
            'user' => $this->currentUser($request),
            'error' => $error,
            'email' => $email,
            'token' => $session->get('login_token'),
            'accounts' => $this->users->all(),
        ]);
        if ($error !== null) {
            $response->setStatusCode(401);
        }
        return $response;
    }

    /** The salon's login address (its pages' gate): this site's login. */
    public function salonLogin(): Response
    {
        return new RedirectResponse($this->generateUrl('login'), 303);
    }

    public function logout(Request $request): Response
    {
        $token = $request->cookies->get(self::SALON_COOKIE);
        if (\is_string($token) && $token !== '') {
            // The salon session ends with this site's: its sockets close and its cookie is worth nothing.
            try {
                $this->salon->endSession($token);
            } catch (\RuntimeException $e) {
                // The cookie is cleared below anyway; the salon's session expires on its own.
            }
        }
        $request->getSession()->invalidate();
        $response = new RedirectResponse($this->generateUrl('home'), 303);
        $response->headers->clearCookie(self::SALON_COOKIE, '/', null, $request->isSecure(), true, 'lax');
        return $response;
    }

    public function salon(Request $request): Response
    {
        $user = $this->currentUser($request);
        if ($user === null) {
            return new RedirectResponse($this->generateUrl('login', ['next' => 'salon']), 303);
        }
        // The language chosen in the widgets (the salon's cookie on this origin), else the browser's.
        $chosen = $request->cookies->get('salon_locale');
        $locale = \in_array($chosen, ['en_EN', 'fr_FR'], true) ? $chosen : ($request->getPreferredLanguage(['fr', 'en']) === 'en' ? 'en_EN' : 'fr_FR');
        try {
            $answer = $this->salon->handoff($user, $request->getSchemeAndHttpHost(), $locale, $request->cookies->get(self::SALON_COOKIE));
            // The salon's opening hours and access mode: outside them a visitor learns when it opens.
            $access = $this->salon->checkLegitimity($answer->session->token, $locale);
        } catch (\RuntimeException $e) {
            // The salon is down or refused the call (a wrong secret): this site stays up and says so.
            error_log($e->getMessage());
            return $this->render('unavailable.html.twig', ['user' => $user], new Response('', 503));
        }
        $response = $access->legitimate
            ? $this->render('salon.html.twig', ['page_data' => $answer->page_data])
            : $this->render('closed.html.twig', [
                'user' => $user,
                'message' => $access->message,
                'lang' => substr($locale, 0, 2),
            ], new Response('', 403));
        $response->headers->setCookie(Cookie::create(
            $answer->session->cookie,
            $answer->session->token,
            time() + $answer->session->max_age,
            '/',
            null,
            $request->isSecure(),
            true,
            false,
            Cookie::SAMESITE_LAX,
        ));
        $response->headers->set('Cache-Control', 'private, no-store');
        return $response;
    }

    private function currentUser(Request $request): ?array
    {
        $id = $request->getSession()->get('user_id');
        return \is_string($id) ? $this->users->byId($id) : null;
    }
}
