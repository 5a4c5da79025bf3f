<?php
// The front controller of the Symfony host. Debian's packages, no Composer: each package ships an autoload.php under
// /usr/share/php (php-symfony-framework-bundle, php-symfony-twig-bundle, php-twig), and src/ is autoloaded below.

use App\Kernel;
use Symfony\Component\HttpFoundation\Request;

require_once '/usr/share/php/Symfony/Bundle/FrameworkBundle/autoload.php';
require_once '/usr/share/php/Symfony/Bundle/TwigBundle/autoload.php';
require_once '/usr/share/php/Twig/autoload.php';

spl_autoload_register(static function (string $class): void {
    if (str_starts_with($class, 'App\\')) {
        $file = __DIR__ . '/../src/' . str_replace('\\', '/', substr($class, 4)) . '.php';
        if (is_file($file)) {
            require $file;
        }
    }
});

// Behind the nginx of hosts/symfony/nginx (or any proxy on this machine): the browser's scheme and host.
if (($_SERVER['TRUST_PROXY'] ?? getenv('TRUST_PROXY')) === '1') {
    Request::setTrustedProxies(['127.0.0.1', '::1'], Request::HEADER_X_FORWARDED_FOR | Request::HEADER_X_FORWARDED_HOST | Request::HEADER_X_FORWARDED_PORT | Request::HEADER_X_FORWARDED_PROTO);
}

$kernel = new Kernel(getenv('APP_ENV') ?: 'prod', getenv('APP_DEBUG') === '1');
$request = Request::createFromGlobals();
$response = $kernel->handle($request);
$response->send();
$kernel->terminate($request, $response);
