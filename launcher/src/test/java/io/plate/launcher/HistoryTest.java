package io.plate.launcher;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Gogo's shell keeps its history only where it can write it (else --nohistory: no stack trace per command). */
class HistoryTest {
    @Test
    void aHomeThatCannotBeWrittenKeepsNoHistory(@TempDir Path dir) throws Exception {
        String home = System.getProperty("user.home");
        try {
            System.setProperty("user.home", dir.toString());
            assertTrue(PlateFramework.historyWritable());
            System.setProperty("user.home", dir.resolve("nonexistent").toString());
            assertFalse(PlateFramework.historyWritable());
            Path file = Files.createFile(dir.resolve("notadir"));
            System.setProperty("user.home", file.toString()); // a home that is a file
            assertFalse(PlateFramework.historyWritable());
        } finally {
            System.setProperty("user.home", home);
        }
    }
}
