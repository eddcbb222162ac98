package io.plate.importers.impl;

import io.plate.api.ClassPathServices;
import io.plate.api.data.Importer;

/** This jar's importers on a plain class path. */
public final class ImporterServices implements ClassPathServices {
    @Override
    public void register(Registry registry) {
        registry.add(Importer.class, "csv", 0, CsvImporter::new);
        registry.add(Importer.class, "arff", 0, ArffImporter::new);
        registry.add(Importer.class, "libsvm", 0, LibSvmImporter::new);
        registry.add(Importer.class, "text", 0, TextImporter::new);
    }
}
