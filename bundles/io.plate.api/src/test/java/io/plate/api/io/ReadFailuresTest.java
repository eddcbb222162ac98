package io.plate.api.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.FileInputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReadFailuresTest {
    @Test
    void theJdksWaysOfSayingAFileIsNotThereNameItAsGiven(@TempDir Path dir) {
        Path missing = dir.resolve("nosuch.csv");
        FileNotFoundException io = assertThrows(FileNotFoundException.class,
                () -> new FileInputStream(missing.toFile()).close());
        assertEquals(missing + ": file not found", ReadFailures.message(io));
        NoSuchFileException nio = assertThrows(NoSuchFileException.class,
                () -> Files.readAllBytes(missing));
        assertEquals(missing + ": file not found", ReadFailures.message(nio));
        // Gogo's Posix cd
        assertEquals("/x/y: file not found", ReadFailures.message(new IOException("no such file or directory: /x/y")));
    }

    @Test
    void otherReasonsAreKeptInLowerCase(@TempDir Path dir) throws IOException {
        assertEquals("/r/s.csv: permission denied", ReadFailures.message(new AccessDeniedException("/r/s.csv")));
        assertEquals("/r/s.csv: permission denied",
                ReadFailures.message(new FileNotFoundException("/r/s.csv (Permission denied)")));
        FileNotFoundException folder = assertThrows(FileNotFoundException.class,
                () -> new FileInputStream(dir.toFile()).close());
        assertEquals(dir + ": is a directory", ReadFailures.message(folder));
    }

    @Test
    void otherFailuresAreNotReadFailures() {
        assertNull(ReadFailures.message(new IOException("Stream closed")));
        assertNull(ReadFailures.message(new FileNotFoundException("no reason in brackets")));
        assertNull(ReadFailures.message(new IllegalStateException("no such file or directory: x")));
        assertNull(ReadFailures.message(new NoSuchFileException(null)));
    }
}
