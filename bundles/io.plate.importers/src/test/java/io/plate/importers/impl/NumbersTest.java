package io.plate.importers.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;

/** The strict number parser against {@link Double#parseDouble} (correctly rounded) as the oracle. */
class NumbersTest {
    @Test
    void agreesWithParseDoubleOnRandomDecimals() {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(7L);
        for (int i = 0; i < 200_000; i++) {
            StringBuilder s = new StringBuilder();
            if (rng.nextInt(4) == 0) {
                s.append(rng.nextBoolean() ? '-' : '+');
            }
            int intDigits = rng.nextInt(10);
            int fracDigits = rng.nextInt(12);
            for (int k = 0; k < intDigits; k++) {
                s.append((char) ('0' + rng.nextInt(10)));
            }
            if (fracDigits > 0 || intDigits == 0) {
                s.append('.');
                for (int k = 0; k < Math.max(1, fracDigits); k++) {
                    s.append((char) ('0' + rng.nextInt(10)));
                }
            }
            if (rng.nextInt(5) == 0) {
                s.append(rng.nextBoolean() ? 'e' : 'E').append(rng.nextInt(3) == 0 ? "-" : "").append(rng.nextInt(40));
            }
            String t = s.toString();
            assertEquals(Double.parseDouble(t), Numbers.parse(t), t);
        }
    }

    @Test
    void refusesWhatIsNotADecimalNumber() {
        for (String s : new String[] {"", " ", "NaN", "Infinity", "-Infinity", "0x1p3", "1d", "1f", "1e", "1e+", ".",
            "+", "-", "1.2.3", "1,5", "1 2", "--1", "e5", "1e999", "١٢"}) {
            assertTrue(Double.isNaN(Numbers.parse(s)), s);
        }
        assertEquals(1.5, Numbers.parse(" 1.5 "));
        assertEquals(-0.25, Numbers.parse("-.25"));
        assertEquals(3.0, Numbers.parse("3."));
        assertEquals(1e-300, Numbers.parse("1e-300"));
    }
}
