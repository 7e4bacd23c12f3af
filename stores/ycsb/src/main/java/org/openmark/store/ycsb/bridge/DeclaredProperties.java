package org.openmark.store.ycsb.bridge;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The property names YCSB code declares: YCSB's classes name their properties in constants
 * ({@code CoreWorkload.FIELD_COUNT_PROPERTY = "fieldcount"}, {@code CassandraCQLClient.HOSTS_PROPERTY
 * = "hosts"}), so the names a class reads are its static final String fields, not {@code *DEFAULT},
 * whose value reads as a property name. Those of YCSB's core classes, and of a binding or workload
 * class with its superclasses. Called by reflection from openmark's side, inside the class's loader.
 */
public final class DeclaredProperties {
    /** YCSB's core classes whose constants are YCSB's core properties. */
    private static final List<String> CORE_CLASSES = List.of("site.ycsb.Client", "site.ycsb.workloads.CoreWorkload",
            "site.ycsb.DBWrapper", "site.ycsb.measurements.Measurements",
            "site.ycsb.measurements.OneMeasurementHdrHistogram", "site.ycsb.measurements.OneMeasurementHistogram",
            "site.ycsb.measurements.OneMeasurementTimeSeries", "site.ycsb.measurements.OneMeasurementRaw");
    private static final String NAME = "[a-z][A-Za-z0-9_]*(\\.[A-Za-z0-9_]+)*";

    private DeclaredProperties() {
    }

    /** YCSB's core properties and those {@code type} (and its superclasses) declare. */
    public static Set<String> of(Class<?> type) {
        Set<String> names = new TreeSet<>();
        ClassLoader loader = DeclaredProperties.class.getClassLoader();
        for (String core : CORE_CLASSES) {
            try {
                collect(Class.forName(core, false, loader), names);
            } catch (ClassNotFoundException | LinkageError e) {
                // a core class that does not load (a library it names is left out) declares nothing we can read
            }
        }
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            collect(c, names);
        }
        return names;
    }

    private static void collect(Class<?> c, Set<String> names) {
        Field[] fields;
        try {
            fields = c.getDeclaredFields();
        } catch (LinkageError e) {
            return;
        }
        for (Field f : fields) {
            int m = f.getModifiers();
            if (!Modifier.isStatic(m) || !Modifier.isFinal(m) || f.getType() != String.class
                    || f.getName().endsWith("DEFAULT")) {
                continue;
            }
            try {
                f.setAccessible(true);
                if (f.get(null) instanceof String s && s.matches(NAME)) {
                    names.add(s);
                }
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                // a constant we cannot read is one name fewer for the suggestions
            }
        }
    }
}
