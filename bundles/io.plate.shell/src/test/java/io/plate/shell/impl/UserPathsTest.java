package io.plate.shell.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shell's one reading of typed paths: {@code ~}, the output folder, and where a file to read is found. */
class UserPathsTest {
    /** The home folder as a Unix shell reads it for {@code ~}. */
    private static Path home() {
        String h = System.getenv("HOME");
        return Path.of(h == null || h.isBlank() ? System.getProperty("user.home") : h);
    }

    @Test
    void aLeadingTildeIsTheHomeFolder() {
        assertEquals(home().resolve("m.json"), UserPaths.of("~/m.json"));
        assertEquals(home().resolve("a/b.csv"), UserPaths.of("~/a/b.csv"));
        assertEquals(home(), UserPaths.of("~"));
        // only a leading ~ alone or before a separator: other users' homes and inner ~ are names
        assertEquals(Path.of("~bob/m.json"), UserPaths.of("~bob/m.json"));
        assertEquals(Path.of("a/~/m.json"), UserPaths.of("a/~/m.json"));
    }

    @Test
    void aFileToWriteGoesUnderTheOutputFolderNamedAsGiven() {
        assertEquals("runs/quickstart/s.json", UserPaths.output(".", "runs/quickstart/s.json").toString());
        assertEquals("m.json", UserPaths.output("./", "m.json").toString());
        assertEquals("ro/sub/m.json", UserPaths.output("ro/sub", "m.json").toString());
        assertEquals("/tmp/of/e.json", UserPaths.output("/tmp/of", "e.json").toString());
        assertEquals(home().resolve("p.csv"), UserPaths.output("out2", "~/p.csv"));
        assertEquals(home().resolve("plate/p.csv"), UserPaths.output("~/plate", "p.csv"));
        assertEquals("/abs/p.csv", UserPaths.output("out2", "/abs/p.csv").toString());
    }

    @Test
    void aFileToReadIsFoundAsGivenThenUnderTheOutputFolder(@TempDir Path dir) throws IOException {
        Path folder = Files.createDirectories(dir.resolve("of"));
        Path written = Files.writeString(folder.resolve("e.json"), "{}");
        Path here = Files.writeString(dir.resolve("h.json"), "{}");
        assertEquals(written, UserPaths.input(folder.toString(), "e.json"));
        assertEquals(here, UserPaths.input(folder.toString(), here.toString()));
        // found nowhere: as given, for the reader to say "file not found: nosuch.json"
        assertEquals(Path.of("nosuch.json"), UserPaths.input(folder.toString(), "nosuch.json"));
    }
}
