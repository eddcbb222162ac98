package io.plate.importers.impl;

import io.plate.api.data.Dataset;
import io.plate.api.data.ImportException;
import io.plate.api.data.ImportOptions;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** Runs an importer on in-memory bytes through the same code path as a file. */
final class Inputs {
    static final Path FILE = Path.of("memory", "input.txt");

    private Inputs() {
    }

    static Dataset csv(String text, ImportOptions o) {
        return new CsvImporter().read(stream(text), FILE, o);
    }

    static Dataset arff(String text, ImportOptions o) {
        return new ArffImporter().read(stream(text), FILE, o);
    }

    static Dataset libsvm(String text, ImportOptions o) {
        return new LibSvmImporter().read(stream(text), FILE, o);
    }

    static Dataset text(String text, ImportOptions o) {
        return new TextImporter().read(stream(text), FILE, o);
    }

    /** The one-line import error {@code e} throws, naming the input first and holding each of {@code words}. */
    static ImportException fails(org.junit.jupiter.api.function.Executable e, String... words) {
        ImportException x = org.junit.jupiter.api.Assertions.assertThrows(ImportException.class, e);
        org.junit.jupiter.api.Assertions.assertTrue(x.getMessage().startsWith(FILE.toString())
                && !x.getMessage().contains("\n"), x.getMessage());
        for (String w : words) {
            org.junit.jupiter.api.Assertions.assertTrue(x.getMessage().contains(w), x.getMessage());
        }
        return x;
    }

    static ByteArrayInputStream stream(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }

    static ByteArrayInputStream stream(byte[] b) {
        return new ByteArrayInputStream(b);
    }
}
