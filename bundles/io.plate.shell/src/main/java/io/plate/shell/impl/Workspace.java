package io.plate.shell.impl;

import io.plate.api.PlateException;
import io.plate.api.ServicePreference;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.api.sample.Posterior;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.service.component.ComponentServiceObjects;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * The named datasets, models and runs of the running shell, shared by every command component and
 * every session. Values are immutable, so sharing is safe; a name is replaced only as a whole.
 * Registered as a service of this class inside the shell bundle (it is not exported).
 * A model is plain data: when the bundle of its learner goes away (updated, stopped), the model is kept
 * as its model file and read back by the installed learner of its type at its next use, so a hot swap
 * leaves no reference to the old bundle and the model predicts with the new code.
 */
@Component(service = Workspace.class, immediate = true)
public final class Workspace {
    private final Map<String, Dataset> datasets = new ConcurrentHashMap<>();
    private final Map<String, Model> models = new ConcurrentHashMap<>();
    private final Map<String, Posterior> runs = new ConcurrentHashMap<>();
    /** Models whose learner's bundle went away, as their model files, until a learner of their type reads them. */
    private final Map<String, Parked> parked = new ConcurrentHashMap<>();
    /**
     * The installed learners, bound without being got: the workspace is immediate, and getting them would
     * activate every learner component at start; one is got only to read a parked model back.
     */
    private final List<BoundLearner> learners = new CopyOnWriteArrayList<>();

    private record Parked(String type, byte[] file) {
    }

    private record BoundLearner(Map<String, Object> props, ComponentServiceObjects<Learner> objects, Bundle bundle) {
        boolean same(ComponentServiceObjects<Learner> other) {
            return objects.getServiceReference().equals(other.getServiceReference());
        }

        /** Not a bundle being stopped, updated or removed (whose unbind may not have come yet). */
        boolean current() {
            return (bundle.getState() & (Bundle.ACTIVE | Bundle.STARTING)) != 0;
        }
    }

    @Reference(service = Learner.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY, unbind = "removeLearner")
    void addLearner(ComponentServiceObjects<Learner> learner, Map<String, Object> props) {
        learners.add(new BoundLearner(props, learner, learner.getServiceReference().getBundle()));
    }

    /** A learner going away: the models its bundle made are written to model files while its classes still load. */
    synchronized void removeLearner(ComponentServiceObjects<Learner> learner, Map<String, Object> props) {
        Bundle gone = learners.stream().filter(b -> b.same(learner)).map(BoundLearner::bundle).findFirst().orElse(null);
        if (gone == null) {
            return;
        }
        learners.removeIf(b -> b.same(learner)); // by service, not by the record's equals (which compares the maps)
        for (Map.Entry<String, Model> e : new TreeMap<>(models).entrySet()) {
            if (FrameworkUtil.getBundle(e.getValue().getClass()) == gone) {
                park(e.getKey(), e.getValue());
            }
        }
    }

    private void park(String name, Model m) {
        models.remove(name);
        try {
            ByteArrayOutputStream file = new ByteArrayOutputStream();
            m.writeJson(file);
            parked.put(name, new Parked(m.type(), file.toByteArray()));
        } catch (IOException | RuntimeException | LinkageError e) {
            System.err.println("plate: model '" + name + "' was dropped: its bundle went away and it could not be"
                    + " kept as a model file (" + e.getMessage() + ")");
        }
    }

    /**
     * Keeps {@code d} under {@code name}, replacing a dataset of that name as a whole (the one rule of every name
     * here: the newest value wins, as a Python variable assigned again); returns the dataset replaced, or null,
     * for the command to say so ({@link Replaced}).
     */
    public Dataset putDataset(String name, Dataset d) {
        checkName(name);
        return datasets.put(name, d);
    }

    public Dataset dataset(String name) {
        Dataset d = datasets.get(name);
        if (d == null) {
            // a file given where commands take a dataset's name, as scikit-learn users pass a path
            String file = isFile(name) ? "; '" + name + "' is a file: import it first (plate:import " + name
                    + " --name NAME) and give NAME" : "";
            throw new PlateException("no dataset named '" + name + "'" + known(datasets.keySet()) + file);
        }
        return d;
    }

    private static boolean isFile(String name) {
        try {
            return java.nio.file.Files.isRegularFile(UserPaths.of(name));
        } catch (java.nio.file.InvalidPathException e) {
            return false;
        }
    }

    public boolean hasDataset(String name) {
        return datasets.containsKey(name);
    }

    public Map<String, Dataset> datasets() {
        return Collections.unmodifiableMap(new TreeMap<>(datasets));
    }

    /** Keeps {@code m} under {@code name}; returns the type of the model of that name it replaced (kept or parked), or null. */
    public synchronized String putModel(String name, Model m) {
        checkName(name);
        Parked p = parked.remove(name);
        Model old = models.put(name, m);
        return old != null ? old.type() : p != null ? p.type() : null;
    }

    public synchronized Model model(String name) {
        Model m = models.get(name);
        if (m != null) {
            return m;
        }
        Parked p = parked.get(name);
        if (p == null) {
            Posterior run = runs.get(name);
            if (run != null) { // a clustering is what a scikit-learn user would call predict on
                throw new PlateException("'" + name + "' is a run of " + run.sampler() + ", not a model: plate:predict "
                        + name + " DATASET assigns new rows to its clusters, and its rows' clusters are in"
                        + " assignments.csv of its run directory (--out DIR)");
            }
            Set<String> names = new TreeSet<>(models.keySet());
            names.addAll(parked.keySet());
            throw new PlateException("no model named '" + name + "'" + known(names) + (runs.isEmpty() ? ""
                    : "; runs plate:predict also takes: " + String.join(", ", new TreeSet<>(runs.keySet()))));
        }
        return restore(name, p).orElseThrow(() -> new PlateException("model '" + name + "' (" + p.type()
                + ") is kept as a model file until a learner of that type is installed again (its bundle was"
                + " updated or stopped)"));
    }

    /** The models, read back first where their learner has returned; see {@link #waiting()} for the rest. */
    /** The name {@code m} itself (not an equal model) is kept under, the first in name order; empty if it is not kept. */
    public synchronized Optional<String> nameOf(Model m) {
        for (Map.Entry<String, Model> e : new TreeMap<>(models).entrySet()) {
            if (e.getValue() == m) {
                return Optional.of(e.getKey());
            }
        }
        return Optional.empty();
    }

    public synchronized Map<String, Model> models() {
        for (Map.Entry<String, Parked> e : new TreeMap<>(parked).entrySet()) {
            restore(e.getKey(), e.getValue());
        }
        return Collections.unmodifiableMap(new TreeMap<>(models));
    }

    /** Models kept as files until a learner of their type is installed, by name, with their type. */
    public synchronized Map<String, String> waiting() {
        Map<String, String> out = new TreeMap<>();
        parked.forEach((name, p) -> out.put(name, p.type()));
        return out;
    }

    private Optional<Model> restore(String name, Parked p) {
        List<BoundLearner> current = learners.stream().filter(BoundLearner::current).toList();
        ComponentServiceObjects<Learner> objects = ServicePreference.named(current, (b, key) -> b.props().get(key),
                Learner.NAME, p.type()).map(BoundLearner::objects).orElse(null);
        Learner learner = objects == null ? null : objects.getService();
        if (learner == null) {
            return Optional.empty();
        }
        try {
            Model m = learner.readModel(new ByteArrayInputStream(p.file()));
            parked.remove(name);
            models.put(name, m);
            return Optional.of(m);
        } catch (IOException e) {
            throw new PlateException("model '" + name + "' could not be read back by the installed " + p.type()
                    + " learner: " + e.getMessage(), e);
        } finally {
            objects.ungetService(learner);
        }
    }

    /** Keeps {@code p} under {@code name}; returns the run of that name it replaced, or null. */
    public Posterior putRun(String name, Posterior p) {
        checkName(name);
        return runs.put(name, p);
    }

    /** The kept runs by name (a command that takes a RUN also reads run directories: {@link RunArgument}). */
    public Map<String, Posterior> runs() {
        return Collections.unmodifiableMap(new TreeMap<>(runs));
    }

    /**
     * The workspace's values hold classes of the API and provider bundles, so it cannot outlive them; when
     * it goes while the framework keeps running (the API bundle refreshed, the shell bundle stopped or
     * updated) it says what was dropped, on the process's error stream, which is the user's terminal.
     */
    @Deactivate
    void deactivate(BundleContext context) {
        Bundle system = context.getBundle(0);
        String dropped = droppedText();
        if (dropped != null && system != null && system.getState() == Bundle.ACTIVE) {
            ConsoleNotice.print(context, "plate: the workspace was cleared because the shell or a bundle it uses was"
                    + " refreshed, updated or stopped; dropped " + dropped + " (import, train or run them again)");
        }
    }

    /** What a cleared workspace loses, e.g. {@code datasets [iris], runs [iris.mixture.gaussian]}; null when empty. */
    String droppedText() {
        List<String> parts = new ArrayList<>();
        if (!datasets.isEmpty()) {
            parts.add("datasets " + new TreeMap<>(datasets).keySet());
        }
        if (!models.isEmpty() || !parked.isEmpty()) {
            Set<String> names = new TreeSet<>(models.keySet());
            names.addAll(parked.keySet());
            parts.add("models " + names);
        }
        if (!runs.isEmpty()) {
            parts.add("runs " + new TreeMap<>(runs).keySet());
        }
        return parts.isEmpty() ? null : String.join(", ", parts);
    }

    private static void checkName(String name) {
        WorkspaceNames.check(name);
    }

    private static String known(Set<String> names) {
        if (names.isEmpty()) {
            return " (none loaded)";
        }
        List<String> sorted = new ArrayList<>(names);
        Collections.sort(sorted);
        return "; known: " + String.join(", ", sorted);
    }
}
