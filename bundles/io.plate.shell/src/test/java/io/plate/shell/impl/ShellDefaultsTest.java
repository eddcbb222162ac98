package io.plate.shell.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A configuration whose values fail the checks of plate:config (Karaf's config:property-set, a deployed .cfg
 * file) leaves those keys at their defaults and says so, instead of failing every command.
 */
class ShellDefaultsTest {
    @Test
    void aBadValueKeepsItsDefaultAndIsNamed() {
        ShellDefaults d = new ShellDefaults(Map.of("chains", "two", "iterations", "300", "burn.in", "-1", "seed", 7L));
        assertEquals(4, d.chains());
        assertEquals(300, d.iterations());
        assertEquals(500, d.burnIn());
        assertEquals(7L, d.seed());
        String shown = d.toString();
        assertTrue(shown.contains("chains = 4\n") && shown.contains("iterations = 300\n"), shown);
        assertTrue(shown.contains("not used: configuration io.plate.shell.defaults: chains 'two': expected a whole number;"
                + " the default 4 is used"), shown);
        assertTrue(shown.contains("burn.in '-1': must be at least 0; the default 500 is used"), shown);
    }

    /** A deployed .cfg file's bad value is named by file and line, as --config names them. */
    @Test
    void aBadValueOfADeployedFileNamesTheFileAndLine(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws java.io.IOException {
        java.nio.file.Path cfg = java.nio.file.Files.writeString(dir.resolve("io.plate.shell.defaults.cfg"),
                "# the defaults\nchains = 2\nseed = x\n");
        ShellDefaults d = new ShellDefaults(Map.of("chains", "2", "seed", "x",
                "felix.fileinstall.filename", cfg.toUri().toString()));
        assertEquals(1L, d.seed());
        assertEquals(2, d.chains());
        assertTrue(d.toString().contains("not used: " + cfg + ", line 3: seed 'x': expected a whole number;"
                + " the default 1 is used"), d.toString());
    }

    /**
     * A deployed file's unknown key (chain for chains) is named by file and line, as --config refuses it; a
     * byte-order mark before the first key (FileInstall reads it as part of the key) is skipped.
     */
    @Test
    void anUnknownKeyOfADeployedFileIsNamedAndAByteOrderMarkSkipped(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws java.io.IOException {
        java.nio.file.Path cfg = java.nio.file.Files.writeString(dir.resolve("io.plate.shell.defaults.cfg"),
                "\ufeffseed=7\nchain=2\n");
        ShellDefaults d = new ShellDefaults(Map.of("\ufeffseed", "7", "chain", "2", "service.pid", ShellDefaults.PID,
                "felix.fileinstall.filename", cfg.toUri().toString()));
        assertEquals(7L, d.seed());
        assertEquals(4, d.chains());
        assertTrue(d.toString().contains("not used: " + cfg + ", line 2: unknown setting 'chain' (did you mean chains?);"),
                d.toString());
        assertTrue(d.toString().strip().endsWith("; ignored") && !d.toString().contains("service.pid"), d.toString());
        // FileInstall reads the file as Latin-1: UTF-8's mark EF BB BF arrives as three characters
        assertEquals(7L, new ShellDefaults(Map.of("\u00ef\u00bb\u00bfseed", "7")).seed());
    }

    /**
     * A deployed file's bytes that are not UTF-8 (FileInstall, told UTF-8 by the launcher, reads them as U+FFFD) are
     * refused as --config refuses them, the key left at its default; before, read as Latin-1, \xe9 was taken as é.
     */
    @Test
    void aDeployedValueThatIsNotUtf8IsRefused(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws java.io.IOException {
        java.nio.file.Path cfg = java.nio.file.Files.write(dir.resolve("io.plate.shell.defaults.cfg"),
                new byte[] {'c', 'h', 'a', 'i', 'n', 's', '=', '2', '\n', 'o', 'u', 't', 'p', 'u', 't', '.', 'f', 'o', 'l',
                        'd', 'e', 'r', '=', '/', 't', 'm', 'p', '/', 'c', 'a', 'f', (byte) 0xe9, '\n'});
        ShellDefaults d = new ShellDefaults(Map.of("chains", "2", "output.folder", "/tmp/caf\ufffd",
                "felix.fileinstall.filename", cfg.toUri().toString()));
        assertEquals(2, d.chains());
        assertEquals(java.nio.file.Path.of("x").toAbsolutePath(), d.output("x").toAbsolutePath()); // the default "."
        assertTrue(d.toString().contains(cfg + ": not UTF-8 text; save the file as UTF-8; ignored"), d.toString());
    }

    @Test
    void aGoodValueReplacesABadOneAndTheNoteGoes() {
        ShellDefaults d = new ShellDefaults(Map.of("chains", "two"));
        d.modified(Map.of("chains", 3));
        assertEquals(3, d.chains());
        assertTrue(!d.toString().contains("not used"), d.toString());
    }

    /**
     * plate:config burn.in=300000 then a run without --burn-in ran with burn-in 1000 (half of 2000 iterations), and
     * max.iterations=100 below iterations=2000 was ignored, neither with a word; the option is refused instead.
     */
    @Test
    void aConfiguredValueTheRunCannotUseIsSaid() {
        ShellDefaults d = new ShellDefaults(Map.of("burn.in", "300000", "max.iterations", "100"));
        assertEquals(java.util.List.of(
                "burn.in = 300000 (configured) is more than half the run's 2000 iterations: burn-in 1000 is used"
                        + " (--burn-in N sets it for a run)",
                "max.iterations = 100 (configured) is below the run's 2000 iterations: the run has 2000 and is not"
                        + " extended"), d.notApplied("", "", ""));
        assertEquals(1000, d.runSettings("", "", "", "", "", "").burnIn());
        assertEquals(java.util.List.of(), d.notApplied("", "50", "3000"), "options given: the configuration is not used");
        // the built-in burn-in halved under a short --iterations is the documented default, not a configured value
        assertEquals(java.util.List.of(), new ShellDefaults(Map.of()).notApplied("200", "", ""));
    }
}
