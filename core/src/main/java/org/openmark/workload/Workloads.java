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

    /** Resolves one kind of workload's settings from the run's properties. */
    @FunctionalInterface
    public interface Factory {
        /**
         * The typed settings of this workload, validated.
         *
         * @throws ConfigException naming a property, its value and the rule
         */
        WorkloadSettings resolve(Settings settings);
    }

    private static final Map<String, Factory> FACTORIES = registered();
    /** The providers that run classes by name (YCSB's workload classes, through the ycsb adapter). */
    private static final List<WorkloadProvider> PROVIDERS = ServiceLoader.load(WorkloadProvider.class,
            Workloads.class.getClassLoader()).stream().map(ServiceLoader.Provider::get).toList();

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

    /**
     * The typed settings of the workload the {@value #PROPERTY} property names, resolved from the
     * properties once (a run's configuration carries them: {@code RunConfig.workload()}).
     *
     * @throws ConfigException when {@value #PROPERTY} names no known workload, or a workload
     *     property is invalid
     */
    public static WorkloadSettings resolve(Settings settings) {
        String given = settings.getString(PROPERTY, DEFAULT);
        if (!FACTORIES.containsKey(given) && given.contains(".")) {
            // a class name: a provider that runs classes (the ycsb adapter) may have it
            for (WorkloadProvider provider : PROVIDERS) {
                java.util.Optional<Factory> byClass = provider.forClass(given);
                if (byClass.isPresent()) {
                    return byClass.get().resolve(settings);
                }
            }
        }
        String name = settings.getChoice(PROPERTY, DEFAULT, names());
        return FACTORIES.get(name).resolve(settings);
    }

    /** The workload of these settings (the form of a run's workload factory). */
    public static Workload create(WorkloadSettings settings, Clock clock, OptionalLong operationCount) {
        return settings.create(clock, operationCount);
    }

    /** The workload the properties name, for a run whose length is not known in operations. */
    public static Workload create(Settings settings, Clock clock) {
        return create(settings, clock, OptionalLong.empty());
    }

    /**
     * The workload the properties name.
     *
     * @param operationCount the run's {@code operationcount} when the run is bounded by it (the
     *     core workload sizes its zipfian key range for the inserts to come, as YCSB does)
     * @throws ConfigException when {@value #PROPERTY} names no known workload, or a workload
     *     property is invalid
     */
    public static Workload create(Settings settings, Clock clock, OptionalLong operationCount) {
        return resolve(settings).create(clock, operationCount);
    }
}
