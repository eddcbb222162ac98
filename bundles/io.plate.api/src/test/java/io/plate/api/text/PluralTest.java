package io.plate.api.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PluralTest {
    @Test
    void oneIsSingularEveryOtherCountPlural() {
        assertEquals("1 chain", Plural.of(1, "chain"));
        assertEquals("0 chains", Plural.of(0, "chain"));
        assertEquals("2 kept draws", Plural.of(2, "kept draw"));
        assertEquals("1 draw held", Plural.of(1, "draw held", "draws held"));
        assertEquals("3 draws held", Plural.of(3, "draw held", "draws held"));
    }
}
