package io.plate.shell.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SixDigitsTest {
    @Test
    void numbersAreShownWithSixSignificantDigits() {
        assertEquals("151.234", SixDigits.of(151.23412345678));
        assertEquals("3", SixDigits.of(3.0));
        assertEquals("-1.34122", SixDigits.of(-1.341219714076669));
        assertEquals("1.23457e+07", SixDigits.of(12345678.9));
        assertEquals("0", SixDigits.of(-0.0));
    }

    /** A numeric feature's value as a classifier writes it is shortened; a level keeps its spelling. */
    @Test
    void onlyTextAsDoubleToStringWritesItIsShortened() {
        assertEquals("-1.34122", SixDigits.ofText("-1.341219714076669"));
        assertEquals("5.1", SixDigits.ofText("5.1"));
        assertEquals("007", SixDigits.ofText("007"));
        assertEquals("1.50", SixDigits.ofText("1.50"));
        assertEquals("red", SixDigits.ofText("red"));
        assertEquals("", SixDigits.ofText(""));
    }
}
