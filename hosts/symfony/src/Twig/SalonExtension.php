<?php

namespace App\Twig;

use Twig\Environment;
use Twig\Extension\AbstractExtension;
use Twig\TwigFunction;

/**
 * `{{ salon_widgets(page_data) }}`: the three parts a page that hosts the salon's widgets must hold (the page data,
 * one slot per widget, the loader), rendered by templates/salon/_widgets.html.twig. The same rules as the salon's
 * own page (host-shell/server/salon-page/markup.ts): the journey only with its feature, the live activity only
 * for exhibitors, the sidebars and modals lazy.
 */
final class SalonExtension extends AbstractExtension
{
    public const WIDGETS = ['top-bar', 'room', 'toaster', 'chat', 'company-sheet', 'contact-point', 'modals', 'journey', 'programme', 'activity-stream'];
    public const LAZY = ['chat', 'company-sheet', 'contact-point', 'journey', 'programme', 'modals'];

    public function getFunctions(): array
    {
        return [new TwigFunction('salon_widgets', [$this, 'widgets'], ['needs_environment' => true, 'is_safe' => ['html']])];
    }

    public function widgets(Environment $twig, object $pageData, string $loaderSrc = '/spa/loader.js'): string
    {
        $slots = [];
        foreach (self::WIDGETS as $name) {
            if ($name === 'journey' && ($pageData->features->journey ?? '0') !== '1') {
                continue;
            }
            if ($name === 'activity-stream' && ($pageData->user->profile ?? null) !== 'exhibitor') {
                continue;
            }
            $slots[] = ['name' => $name, 'lazy' => \in_array($name, self::LAZY, true)];
        }
        return $twig->render('salon/_widgets.html.twig', ['page_data' => $pageData, 'slots' => $slots, 'loader_src' => $loaderSrc]);
    }
}
