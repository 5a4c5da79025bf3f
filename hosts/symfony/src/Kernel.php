<?php

namespace App;

use App\Controller\HostController;
use App\Salon\SalonClient;
use App\Salon\Users;
use App\Twig\SalonExtension;
use Symfony\Bundle\FrameworkBundle\FrameworkBundle;
use Symfony\Bundle\FrameworkBundle\Kernel\MicroKernelTrait;
use Symfony\Bundle\TwigBundle\TwigBundle;
use Symfony\Component\DependencyInjection\Loader\Configurator\ContainerConfigurator;
use Symfony\Component\HttpKernel\Kernel as BaseKernel;
use Symfony\Component\Routing\Loader\Configurator\RoutingConfigurator;

/**
 * A small Symfony 5.4 site that hosts the salon's widgets: its own users and login, its own pages, and /salon,
 * where the salon (the Node server) is told who the user is (SalonClient) and the widgets are mounted (Twig).
 */
final class Kernel extends BaseKernel
{
    use MicroKernelTrait;

    public function registerBundles(): iterable
    {
        return [new FrameworkBundle(), new TwigBundle()];
    }

    public function getProjectDir(): string
    {
        return \dirname(__DIR__);
    }

    /** Outside the sources: SYMFONY_VAR_DIR (the script's run folder), else the system's temp folder. */
    private function varDir(): string
    {
        return getenv('SYMFONY_VAR_DIR') ?: sys_get_temp_dir() . '/salon-symfony-host';
    }

    public function getCacheDir(): string
    {
        return $this->varDir() . '/cache/' . $this->environment;
    }

    public function getLogDir(): string
    {
        return $this->varDir() . '/log';
    }

    protected function configureContainer(ContainerConfigurator $container): void
    {
        $container->parameters()->set('env(SALON_URL)', 'http://127.0.0.1:8080');
        $container->parameters()->set('env(SALON_HOST_NAME)', 'symfony');
        $container->parameters()->set('env(APP_SECRET)', 'set-APP_SECRET-in-production');
        $container->extension('framework', [
            'secret' => '%env(APP_SECRET)%',
            'http_method_override' => false,
            'php_errors' => ['log' => true],
            'session' => [
                'enabled' => true,
                'storage_factory_id' => 'session.storage.factory.native',
                'handler_id' => 'session.handler.native_file',
                'save_path' => $this->varDir() . '/sessions',
                'name' => 'host_session',
                'cookie_httponly' => true,
                'cookie_samesite' => 'lax',
                'cookie_secure' => 'auto',
            ],
            'router' => ['utf8' => true],
        ]);
        $container->extension('twig', [
            'default_path' => '%kernel.project_dir%/templates',
            'strict_variables' => true,
        ]);

        $services = $container->services()->defaults()->autowire()->autoconfigure();
        $services->set(Users::class);
        $services->set(SalonClient::class)->args(['%env(SALON_URL)%', '%env(SALON_HOST_SECRET)%', '%env(SALON_HOST_NAME)%']);
        $services->set(SalonExtension::class);
        $services->set(HostController::class)->public()->tag('controller.service_arguments');
    }

    protected function configureRoutes(RoutingConfigurator $routes): void
    {
        $routes->add('home', '/')->controller([HostController::class, 'home'])->methods(['GET']);
        $routes->add('login', '/login')->controller([HostController::class, 'login'])->methods(['GET', 'POST']);
        $routes->add('logout', '/logout')->controller([HostController::class, 'logout'])->methods(['GET', 'POST']);
        // The widgets' top bar leads to /deconnexion ("Leave the room"), the salon's own logout address.
        $routes->add('salon_logout', '/deconnexion')->controller([HostController::class, 'logout'])->methods(['GET', 'POST']);
        $routes->add('salon', '/salon')->controller([HostController::class, 'salon'])->methods(['GET']);
        // The salon's pages (proxied by nginx) send a visitor without a session to the salon's login address.
        $routes->add('salon_login', '/connexion')->controller([HostController::class, 'salonLogin'])->methods(['GET']);
    }
}
