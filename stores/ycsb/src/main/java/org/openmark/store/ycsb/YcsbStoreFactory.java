package org.openmark.store.ycsb;

import java.util.Set;
import org.openmark.api.PassedOnNames;
import org.openmark.api.StoreFactory;
import org.openmark.api.StoreProperties;

/** Runs a YCSB binding class as a store ({@code --store ycsb -p ycsb.db=CLASS}, or {@code -db CLASS}). */
public final class YcsbStoreFactory implements StoreFactory {

    @Override
    public String name() {
        return "ycsb";
    }

    @Override
    public String description() {
        return "any YCSB site.ycsb.DB binding, unchanged, in its own class loader (ycsb.db=CLASS,"
                + " --ycsb-classpath 'binding/lib/*')";
    }

    @Override
    public Set<String> propertyNames() {
        return YcsbConfig.PROPERTY_NAMES;
    }

    /** The binding gets every property, as from YCSB's client, and may read any of them. */
    @Override
    public boolean passesOnAllProperties() {
        return true;
    }

    /**
     * What the binding may read: the names YCSB's core and the binding class declare (constants), and
     * any name whose first part the binding's class name holds ({@code mongodb.url} for
     * {@code site.ycsb.db.MongoDbClient}, {@code rocksdb.dir} for {@code site.ycsb.db.rocksdb.RocksDBClient}).
     * Every name when the binding class cannot be read (opening the store then says why).
     */
    @Override
    public PassedOnNames passedOnNames(StoreProperties properties) {
        YcsbConfig config;
        try {
            config = YcsbConfig.from(properties);
        } catch (RuntimeException e) {
            return PassedOnNames.ANY;
        }
        Set<String> declared;
        try (BindingClassLoader loader = YcsbWorkloadSettings.loader(config.classPath())) {
            Class<?> type = Class.forName(config.dbClass(), false, loader);
            @SuppressWarnings("unchecked")
            Set<String> names = (Set<String>) loader.loadClass(YcsbWorkloadSettings.DECLARED).getMethod("of", Class.class)
                    .invoke(null, type);
            declared = names;
        } catch (Exception | LinkageError e) {
            return PassedOnNames.ANY;
        }
        String className = config.dbClass().toLowerCase(java.util.Locale.ROOT);
        Set<String> prefixes = new java.util.TreeSet<>();
        for (String name : properties.asMap().keySet()) {
            int dot = name.indexOf('.');
            String first = dot < 0 ? "" : name.substring(0, dot).toLowerCase(java.util.Locale.ROOT);
            if (first.length() >= 2 && className.contains(first)) {
                prefixes.add(name.substring(0, dot + 1));
            }
        }
        return new PassedOnNames(declared, prefixes);
    }

    /** The class name and the class path's form; whether the class loads is for the workers to find. */
    @Override
    public void validate(StoreProperties properties) {
        YcsbConfig.from(properties);
    }

    @Override
    public YcsbStore open(StoreProperties properties) {
        return YcsbStore.open(YcsbConfig.from(properties), properties);
    }
}
