package org.openmark.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import org.openmark.api.StoreFactory;
import org.openmark.config.ConfigException;
import org.openmark.config.Settings;

/** The stores on the class path, found with {@link ServiceLoader} and selected by name. */
public final class StoreRegistry {
    private final Map<String, StoreFactory> factories = new TreeMap<>();

    private StoreRegistry(Iterable<StoreFactory> found) {
        for (StoreFactory f : found) {
            factories.put(f.name(), f);
        }
    }

    /** The stores visible to this class's class loader. */
    public static StoreRegistry discover() {
        return new StoreRegistry(ServiceLoader.load(StoreFactory.class, StoreRegistry.class.getClassLoader()));
    }

    /** A registry of the given factories (tests). */
    public static StoreRegistry of(StoreFactory... found) {
        return new StoreRegistry(List.of(found));
    }

    /** The factory named {@code name}; the error (naming {@code flag}) lists the available stores. */
    public StoreFactory get(String flag, String name) {
        StoreFactory f = factories.get(name);
        if (f == null) {
            throw ConfigException.of(flag, name, Settings.notAllowed(name, new ArrayList<>(factories.keySet())));
        }
        return f;
    }

    /** All factories by name. */
    public Map<String, StoreFactory> all() {
        return factories;
    }
}
