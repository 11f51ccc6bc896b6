/// A row of a ``TableView``: its section and its row within the section, as UIKit's `IndexPath`
/// (`indexPath.section`, `indexPath.row`) is for `UITableView`. Index paths order by section, then
/// row: the order the rows have in the table.
///
/// SceneCore has no Foundation, so this is SceneCore's own type; a file that imports Foundation too
/// spells it `SceneCore.IndexPath`.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section, from 0.
    public var section: Int
    /// The row within ``section``, from 0.
    public var row: Int

    /// The index path of `row` in `section` (UIKit's `IndexPath(row:section:)`).
    public init(row: Int, section: Int) {
        self.row = row
        self.section = section
    }

    public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
        lhs.section != rhs.section ? lhs.section < rhs.section : lhs.row < rhs.row
    }

    /// `[section, row]`, as Foundation prints an index path.
    public var description: String { "[\(section), \(row)]" }
}
