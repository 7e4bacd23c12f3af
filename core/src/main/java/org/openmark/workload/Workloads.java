package org.openmark.workload;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.ServiceLoader;
import org.openmark.api.Clock;
import org.openmark.config.ConfigException;
import org.openmark.config.Settings;

/** Chooses and builds the workload named by the {@code workload} property (default {@code core}). */
public final class Workloads {
    /** The property that names the workload. */
    public static final String PROPERTY = WorkloadProperties.WORKLOAD;
    /** The workload used when {@value #PROPERTY} is not set. */
    public static final String DEFAULT = WorkloadDefaults.WORKLOAD;

    /** Builds one kind of workload from the run's settings. */
    @FunctionalInterface
    public interface Factory {
        /**
         * A workload for these settings.
         *
         * @param operationCount the run's operation count, empty when the run is bounded by time
         */
        Workload create(Settings settings, Clock clock, OptionalLong operationCount);
    }

    private static final Map<String, Factory> FACTORIES = registered();

    private Workloads() {
    }

    /** Every workload by the names users may give, from the providers on the class path (see {@link WorkloadProvider}). */
    private static Map<String, Factory> registered() {
        Map<String, Factory> m = new LinkedHashMap<>();
        for (WorkloadProvider provider : ServiceLoader.load(WorkloadProvider.class, Workloads.class.getClassLoader())) {
            provider.workloads().forEach((name, factory) -> {
                if (m.putIfAbsent(name, factory) != null) {
                    throw new IllegalStateException("two workloads are named '" + name + "'");
                }
            });
        }
        return Collections.unmodifiableMap(m);
    }

    /** The names the {@value #PROPERTY} property accepts, in registration order. */
    public static List<String> names() {
        return new ArrayList<>(FACTORIES.keySet());
    }

    /** The workload the settings name, for a run whose length is not known in operations. */
    public static Workload create(Settings settings, Clock clock) {
        return create(settings, clock, OptionalLong.empty());
    }

    /**
     * The workload the settings name.
     *
     * @param operationCount the run's {@code operationcount} when the run is bounded by it (the
     *     core workload sizes its zipfian key range for the inserts to come, as YCSB does)
     * @throws ConfigException when {@value #PROPERTY} names no known workload, or a workload
     *     property is invalid
     */
    public static Workload create(Settings settings, Clock clock, OptionalLong operationCount) {
        String name = settings.getChoice(PROPERTY, DEFAULT, names());
        return FACTORIES.get(name).create(settings, clock, operationCount);
    }
}
