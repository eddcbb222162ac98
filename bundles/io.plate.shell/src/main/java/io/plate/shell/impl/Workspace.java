package io.plate.shell.impl;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Model;
import io.plate.api.sample.Posterior;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;

/**
 * The named datasets, models and runs of the running shell, shared by every command component and
 * every session. Values are immutable, so sharing is safe; a name is replaced only as a whole.
 * Registered as a service of this class inside the shell bundle (it is not exported).
 */
@Component(service = Workspace.class, immediate = true)
public final class Workspace {
    private final Map<String, Dataset> datasets = new ConcurrentHashMap<>();
    private final Map<String, Model> models = new ConcurrentHashMap<>();
    private final Map<String, Posterior> runs = new ConcurrentHashMap<>();

    public void putDataset(String name, Dataset d) {
        checkName(name);
        datasets.put(name, d);
    }

    public Dataset dataset(String name) {
        Dataset d = datasets.get(name);
        if (d == null) {
            throw new PlateException("no dataset named '" + name + "'" + known(datasets.keySet()));
        }
        return d;
    }

    public boolean hasDataset(String name) {
        return datasets.containsKey(name);
    }

    public Map<String, Dataset> datasets() {
        return Collections.unmodifiableMap(new TreeMap<>(datasets));
    }

    public void putModel(String name, Model m) {
        checkName(name);
        models.put(name, m);
    }

    public Model model(String name) {
        Model m = models.get(name);
        if (m == null) {
            throw new PlateException("no model named '" + name + "'" + known(models.keySet()));
        }
        return m;
    }

    public Map<String, Model> models() {
        return Collections.unmodifiableMap(new TreeMap<>(models));
    }

    public void putRun(String name, Posterior p) {
        checkName(name);
        runs.put(name, p);
    }

    public Posterior run(String name) {
        Posterior p = runs.get(name);
        if (p == null) {
            throw new PlateException("no run named '" + name + "'" + known(runs.keySet()));
        }
        return p;
    }

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
            System.err.println("plate: the workspace was cleared because the shell or a bundle it uses was"
                    + " refreshed, updated or stopped; dropped " + dropped + " (import, train or run them again)");
            System.err.flush();
        }
    }

    /** What a cleared workspace loses, e.g. {@code datasets [iris], runs [iris.mixture.gaussian]}; null when empty. */
    String droppedText() {
        List<String> parts = new ArrayList<>();
        if (!datasets.isEmpty()) {
            parts.add("datasets " + new TreeMap<>(datasets).keySet());
        }
        if (!models.isEmpty()) {
            parts.add("models " + new TreeMap<>(models).keySet());
        }
        if (!runs.isEmpty()) {
            parts.add("runs " + new TreeMap<>(runs).keySet());
        }
        return parts.isEmpty() ? null : String.join(", ", parts);
    }

    private static void checkName(String name) {
        if (name == null || name.isBlank() || !name.matches("[A-Za-z0-9_.\\-]+")) {
            throw new PlateException("invalid name '" + name + "': use letters, digits, '_', '-' and '.'");
        }
    }

    private static String known(java.util.Set<String> names) {
        if (names.isEmpty()) {
            return " (none loaded)";
        }
        List<String> sorted = new ArrayList<>(names);
        Collections.sort(sorted);
        return "; known: " + String.join(", ", sorted);
    }
}
