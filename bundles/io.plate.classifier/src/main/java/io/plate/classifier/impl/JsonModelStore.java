package io.plate.classifier.impl;

import io.plate.api.ServicePreference;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.api.learn.ModelFormatException;
import io.plate.api.learn.ModelStore;
import io.plate.modelfile.ModelFile;
import java.io.ByteArrayInputStream;
import io.plate.api.io.AtomicFiles;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * Model files as JSON. Saving writes a temporary file in the target's folder and moves it over the target
 * atomically, so a failed save leaves the old file (or none) and never half a model. Loading checks the
 * file's JSON, {@code format} and {@code version} ({@link ModelFile#type}), then hands it to the installed learner whose
 * {@code plate.learner} property equals the file's {@code type}; that learner validates the rest.
 * Learners are a dynamic, greedy, multiple reference: one installed later is found at the next load.
 */
@Component(service = ModelStore.class)
public final class JsonModelStore implements ModelStore {
    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private final List<Map.Entry<Map<String, Object>, Learner>> learners = new CopyOnWriteArrayList<>();

    /** For use outside a framework (tests, embedding): a store over a fixed set of learners. */
    public static JsonModelStore of(List<Learner> fixed) {
        JsonModelStore s = new JsonModelStore();
        for (Learner l : fixed) {
            s.learners.add(Map.entry(Map.of(Learner.NAME, l.name()), l));
        }
        return s;
    }

    @Override
    public void save(Model model, Path file) throws IOException {
        AtomicFiles.write(file, model::writeJson); // a new folder is made on demand, as for run directories
    }

    @Override
    public Model load(Path file) throws IOException {
        if (Files.isDirectory(file)) {
            throw new FileSystemException(file.toString(), null, "Is a directory, not a model file"); // Java names no path
        }
        return load(file.toString(), Files.readAllBytes(file));
    }

    /**
     * The model in {@code bytes}, read from {@code file} (named in the refusals): for files read
     * another way than as a local path (a Hadoop file system's, on Spark).
     */
    public Model load(String file, byte[] bytes) throws IOException {
        String type;
        try {
            type = ModelFile.type(new ByteArrayInputStream(bytes));
        } catch (ModelFormatException e) {
            throw new ModelFormatException(file + ": " + e.getMessage(), e);
        }
        List<Map.Entry<Map<String, Object>, Learner>> bound = new ArrayList<>(learners);
        Learner learner = ServicePreference.bound(bound, Learner.NAME, type).orElse(null);
        if (learner == null) {
            TreeSet<String> installed = new TreeSet<>();
            bound.forEach(e -> installed.add(String.valueOf(e.getKey().get(Learner.NAME))));
            throw new ModelFormatException(file + ": model type '" + type + "' has no installed learner (installed: "
                    + String.join(", ", installed) + ")");
        }
        try {
            return learner.readModel(new ByteArrayInputStream(bytes));
        } catch (ModelFormatException e) {
            throw new ModelFormatException(file + ": " + e.getMessage(), e);
        }
    }
}
