package org.openmark.store.ycsb;

import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Collectors;
import org.openmark.api.Clock;
import org.openmark.api.StoreConfigException;
import org.openmark.config.ConfigException;
import org.openmark.config.Settings;
import org.openmark.workload.RecordShape;
import org.openmark.workload.Workload;
import org.openmark.workload.WorkloadProperties;
import org.openmark.workload.WorkloadSettings;
import org.openmark.workload.Workloads;

/**
 * A YCSB workload class's settings: the class (checked once, here: it loads and is a public, concrete
 * {@code site.ycsb.Workload}), its class path, and every property of the run, which the class gets as
 * from YCSB's client. The properties YCSB's core and the class declare count as read, so that only a
 * name nobody knows is warned about.
 *
 * @param workloadClass the class the {@code workload} property names
 * @param classPathText {@code ycsb.classpath} as given, empty when unset
 * @param properties every property of the run
 * @param table YCSB's {@code table}
 * @param loadOperationCount the load phase's inserts: {@code insertcount}, else {@code recordcount} (as YCSB's client)
 * @param fieldCount YCSB's {@code fieldcount}, for the record shape's description (the workload's
 *     records need not have that many fields: the heap budget does not count them)
 * @param fieldLength YCSB's {@code fieldlength}, likewise
 */
public record YcsbWorkloadSettings(String workloadClass, String classPathText, Map<String, String> properties,
        String table, long loadOperationCount, int fieldCount, long fieldLength) implements WorkloadSettings {
    static final String WORKLOAD_TYPE = "site.ycsb.Workload";
    static final String BRIDGE = "org.openmark.store.ycsb.bridge.WorkloadBridge";
    static final String DECLARED = "org.openmark.store.ycsb.bridge.DeclaredProperties";

    public YcsbWorkloadSettings {
        properties = Map.copyOf(properties);
    }

    /**
     * Checks the class and reads what openmark needs of the properties.
     *
     * @throws ConfigException naming {@code workload} or {@code ycsb.classpath} when the class cannot be used
     */
    static YcsbWorkloadSettings from(String className, Settings s) {
        String text = s.getString(YcsbConfig.CLASSPATH, null);
        List<Path> classPath;
        try {
            classPath = text == null ? List.of() : BindingClassPath.parse(YcsbConfig.CLASSPATH, text);
        } catch (StoreConfigException e) {
            throw new ConfigException(e.getMessage());
        }
        try (BindingClassLoader loader = loader(classPath)) {
            Class<?> type = workloadClass(className, classPath, loader);
            @SuppressWarnings("unchecked")
            Set<String> declared = (Set<String>) loader.loadClass(DECLARED).getMethod("of", Class.class)
                    .invoke(null, type);
            declared.forEach(s::contains); // read: known, and offered as suggestions
        } catch (java.io.IOException | ReflectiveOperationException e) {
            throw new ConfigException("cannot read the YCSB workload class " + className + ": " + e);
        }
        long records = s.getLong("recordcount", 0, 0);
        long load = s.contains("insertcount") ? s.getLong("insertcount", records, 0) : records;
        return new YcsbWorkloadSettings(className, text == null ? "" : text, s.asMap(),
                s.getString("table", "usertable"), load, s.getInt("fieldcount", 10, 1), s.getLong("fieldlength", 100, 1));
    }

    /** The class loader of a workload class: its entries, then YCSB's core (as a binding's). */
    static BindingClassLoader loader(List<Path> classPath) {
        List<Path> entries = new ArrayList<>(classPath);
        entries.addAll(BundledYcsb.jars());
        return new BindingClassLoader(entries, YcsbWorkloadSettings.class.getClassLoader());
    }

    private static Class<?> workloadClass(String name, List<Path> classPath, ClassLoader loader)
            throws ClassNotFoundException {
        Class<?> type;
        try {
            type = Class.forName(name, false, loader);
        } catch (ClassNotFoundException e) {
            List<String> close = org.openmark.config.Suggestions.closeMatches(name, Workloads.names());
            String own = Workloads.names().stream().filter(n -> !n.contains(".")).collect(Collectors.joining(", "));
            throw ConfigException.of(WorkloadProperties.WORKLOAD, name, (classPath.isEmpty()
                    ? "no such workload in openmark (" + own + ") nor class in YCSB core " + BundledYcsb.version()
                            + "; a workload class of your own goes on " + YcsbConfig.CLASSPATH
                            + ", e.g. --ycsb-classpath my-workload.jar"
                    : "no such class on " + YcsbConfig.CLASSPATH + " (" + classPath.size() + " entries) or in YCSB core "
                            + BundledYcsb.version())
                    + (close.isEmpty() ? "" : " (did you mean " + close.get(0) + "?)"));
        } catch (LinkageError e) {
            throw ConfigException.of(WorkloadProperties.WORKLOAD, name, "cannot be loaded (" + e + "); is every jar it"
                    + " needs on " + YcsbConfig.CLASSPATH + "?");
        }
        if (!loader.loadClass(WORKLOAD_TYPE).isAssignableFrom(type)) {
            throw ConfigException.of(WorkloadProperties.WORKLOAD, name, "is not a YCSB workload: it does not extend "
                    + WORKLOAD_TYPE);
        }
        if (Modifier.isAbstract(type.getModifiers()) || !Modifier.isPublic(type.getModifiers())) {
            throw ConfigException.of(WorkloadProperties.WORKLOAD, name, "must be a public, concrete class (YCSB creates"
                    + " workloads through their public no-argument constructor)");
        }
        return type;
    }

    @Override
    public Workload create(Clock clock, OptionalLong operationCount) {
        return YcsbWorkload.open(this);
    }

    @Override
    public RecordShape recordShape() {
        return new RecordShape(fieldCount, fieldLength, "fieldcount " + fieldCount + " × fieldlength " + fieldLength);
    }

    /** The class path's entries (checked when the settings were made). */
    List<Path> classPath() {
        return classPathText.isEmpty() ? List.of() : BindingClassPath.parse(YcsbConfig.CLASSPATH, classPathText);
    }
}
