package io.plate.importers.impl;

import java.nio.file.Path;
import java.nio.file.Paths;

/** The datasets shipped in the repository's data/ folder ({@code plate.data}, set by surefire). */
final class Shared {
    private Shared() {
    }

    static Path data(String relative) {
        return Paths.get(System.getProperty("plate.data", "../../data")).resolve(relative);
    }
}
