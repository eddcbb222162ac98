package io.plate.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** What the launcher prints for a failed program: the user's words, never Gogo's internals or a class name. */
class MainMessageTest {
    /** Gogo's "Cannot coerce" (its own commands given arguments that fit none of their methods) says what they take. */
    @Test
    void argumentsNoFormOfAGogoCommandTakesAreSaidSo() {
        assertEquals("headers: the arguments given fit none of its forms, which take (Bundle[]); 'help headers' describes"
                + " them ('lb' lists the bundles' ids)", Main.message(new IllegalArgumentException(
                        "Cannot coerce headers(Token) to any of [(Bundle[])]")));
        assertEquals("frameworklevel: the arguments given fit none of its forms, which take (int) or (); 'help"
                + " frameworklevel' describes them", Main.message(new IllegalArgumentException(
                        "Cannot coerce frameworklevel(Token) to any of [(int), ()]")));
        // another IllegalArgumentException is its message as it is
        assertEquals("k must be at least 1", Main.message(new IllegalArgumentException("k must be at least 1")));
    }
}
