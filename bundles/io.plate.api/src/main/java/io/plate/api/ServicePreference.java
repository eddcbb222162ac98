package io.plate.api;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * The one rule for choosing among services that share a name: highest {@code service.ranking} first
 * (a missing or non-Integer ranking counts as 0), then lowest {@code service.id} (registered earlier),
 * the order in which an OSGi framework ranks its service references. It reads properties through a
 * function, so it serves a {@code ServiceReference} ({@code ServiceReference::getProperty}), the
 * property map Declarative Services injects with each bound service, and plain-Java registries alike.
 * Items without a {@code service.id} come after those with one, in the order given.
 */
public final class ServicePreference {
    /** {@code org.osgi.framework.Constants.SERVICE_RANKING}. */
    public static final String RANKING = "service.ranking";
    /** {@code org.osgi.framework.Constants.SERVICE_ID}. */
    public static final String ID = "service.id";

    private ServicePreference() {
    }

    /** Most preferred first; {@code property} reads a service property of an item. */
    public static <T> Comparator<T> order(BiFunction<? super T, String, ?> property) {
        return Comparator.<T>comparingInt(t -> -ranking(property.apply(t, RANKING)))
                .thenComparingLong(t -> id(property.apply(t, ID)));
    }

    /** A copy of {@code items}, most preferred first. */
    public static <T> List<T> sorted(Collection<? extends T> items, BiFunction<? super T, String, ?> property) {
        List<T> out = new ArrayList<>(items);
        out.sort(order(property));
        return out;
    }

    /** The most preferred of {@code items} whose property {@code nameProperty} equals {@code name}. */
    public static <T> Optional<T> named(Collection<? extends T> items, BiFunction<? super T, String, ?> property,
            String nameProperty, String name) {
        T best = null;
        Comparator<T> order = order(property);
        for (T t : new ArrayList<T>(items)) {
            if (name.equals(property.apply(t, nameProperty)) && (best == null || order.compare(t, best) < 0)) {
                best = t;
            }
        }
        return Optional.ofNullable(best);
    }

    /**
     * The most preferred of services bound with their properties (a Declarative Services field of
     * {@code Map.Entry<Map<String, Object>, S>}) whose property {@code nameProperty} equals {@code name}.
     */
    public static <S> Optional<S> bound(Collection<? extends Map.Entry<Map<String, Object>, S>> bound,
            String nameProperty, String name) {
        return named(bound, (e, key) -> e.getKey().get(key), nameProperty, name).map(Map.Entry::getValue);
    }

    private static int ranking(Object value) {
        return value instanceof Integer i ? i : 0;
    }

    private static long id(Object value) {
        return value instanceof Long l ? l : Long.MAX_VALUE;
    }
}
