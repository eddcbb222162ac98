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

    /** A file Gogo's source or a script cannot open is named with the reason, as plate:import names one. */
    @Test
    void aFileThatCannotBeOpenedIsNamedWithTheReason() {
        assertEquals("/tmp/u1/nosuch.gosh: file not found", Main.message(new java.io.FileNotFoundException(
                "/tmp/u1/nosuch.gosh (No such file or directory)")));
        assertEquals("/root/x.gosh: permission denied", Main.message(new java.io.FileNotFoundException(
                "/root/x.gosh (Permission denied)")));
        assertEquals("a b.gosh: file not found", Main.message(new java.nio.file.NoSuchFileException("a b.gosh")));
        assertEquals("/etc/x: permission denied", Main.message(new java.nio.file.AccessDeniedException("/etc/x")));
    }
}
