<?php

namespace App\Salon;

/**
 * This site's own users: the six demo accounts of the salon, all with the password `salon-demo` (bcrypt below).
 * A real site keeps them in its database; what matters to the salon is the id, the profile, the names and, for an
 * exhibitor, the stands (the salon's panorama slugs).
 */
final class Users
{
    private const DEMO_HASH = '$2y$10$EsrJPaqObd6uLYD9V7ujie3JZvMmiEAMo5oiAOdYcd4uUYmdAWcfG';

    private const USERS = [
        ['id' => '1', 'email' => 'visiteur@salon.test', 'profile' => 'visitor', 'firstname' => 'Léa', 'lastname' => 'Moreau', 'pseudo' => 'lea_m', 'city' => 'Lyon', 'postal_code' => '69002', 'mobile' => '06 12 34 56 78'],
        ['id' => '2', 'email' => 'visiteur2@salon.test', 'profile' => 'visitor', 'firstname' => 'Thomas', 'lastname' => 'Petit', 'pseudo' => 'tpetit', 'city' => 'Nantes', 'postal_code' => '44000', 'mobile' => '+33 6 98 76 54 32'],
        ['id' => '3', 'email' => 'exposant@salon.test', 'profile' => 'exhibitor', 'firstname' => 'Claire', 'lastname' => 'Fontaine', 'pseudo' => 'claire.helios', 'city' => 'Grenoble', 'postal_code' => '38000', 'mobile' => '+33 4 76 00 11 22', 'stands' => ['stand-helios-solaire', 'stand-helios-stockage']],
        ['id' => '4', 'email' => 'exposant2@salon.test', 'profile' => 'exhibitor', 'firstname' => 'Jonas', 'lastname' => 'Berg', 'pseudo' => 'jonas.nordic', 'city' => 'Lille', 'postal_code' => '59000', 'mobile' => '+33 3 20 00 33 44', 'stands' => ['stand-nordic-robotics']],
        ['id' => '5', 'email' => 'organisateur@salon.test', 'profile' => 'promoter', 'firstname' => 'Sophie', 'lastname' => 'Bernard', 'pseudo' => 'sophie.orga', 'city' => 'Paris', 'postal_code' => '75011', 'mobile' => '01 45 67 89 10'],
        ['id' => '6', 'email' => 'admin@salon.test', 'profile' => 'administrator', 'firstname' => 'Antoine', 'lastname' => 'Roux', 'pseudo' => 'admin', 'city' => 'Paris', 'postal_code' => '75002', 'mobile' => '01 40 00 00 00'],
    ];

    /** The user of this e-mail and password, or null (the same time is spent when the address is unknown). */
    public function authenticate(string $email, string $password): ?array
    {
        $user = $this->byEmail($email);
        $ok = password_verify($password, self::DEMO_HASH);
        return $user !== null && $ok ? $user : null;
    }

    public function byEmail(string $email): ?array
    {
        $email = strtolower(trim($email));
        foreach (self::USERS as $user) {
            if ($user['email'] === $email) {
                return $user;
            }
        }
        return null;
    }

    public function byId(string $id): ?array
    {
        foreach (self::USERS as $user) {
            if ($user['id'] === $id) {
                return $user;
            }
        }
        return null;
    }

    /** @return list<array<string, mixed>> */
    public function all(): array
    {
        return self::USERS;
    }
}
