package io.plate.importers.impl;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Assumptions;

/** The shared datasets beside the checkout ({@code plate.shared}, set by surefire). */
final class Shared {
    private Shared() {
    }

    static Path data(String relative) {
        String root = System.getProperty("plate.shared", "../../../shared");
        Path p = Paths.get(root, "data").resolve(relative);
        Assumptions.assumeTrue(Files.exists(p), "shared dataset not present: " + p);
        return p;
    }
}
