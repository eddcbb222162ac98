package io.plate.api.text;

/**
 * A count with its noun, singular for one: {@code Plural.of(1, "chain")} is {@code 1 chain},
 * {@code Plural.of(2, "kept draw")} is {@code 2 kept draws}. The one place text for people agrees a noun
 * with its number ("1 chains" was printed before).
 */
public final class Plural {
    private Plural() {
    }

    /** {@code n} and {@code noun}, with an {@code s} added unless {@code n} is 1. */
    public static String of(long n, String noun) {
        return of(n, noun, noun + "s");
    }

    /** {@code n} and {@code singular} when {@code n} is 1, else {@code n} and {@code plural} ("1 draw held", "2 draws held"). */
    public static String of(long n, String singular, String plural) {
        return n + " " + (n == 1 ? singular : plural);
    }
}
