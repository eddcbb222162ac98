/**
 * Plate's model files: {@link io.plate.modelfile.ModelFile} writes and strictly reads the
 * {@code plate-model} header and provenance that every model file starts with, and
 * {@link io.plate.modelfile.Fields} reads the rest of a file with checks that name the field at fault,
 * and {@link io.plate.modelfile.JsonSyntax} words a JSON syntax error for users.
 * Used by every bundle whose learners write model files, and by the model store.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.1.1")
package io.plate.modelfile;
