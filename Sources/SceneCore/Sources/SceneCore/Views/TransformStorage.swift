/// The placement of a view with a non-identity transform: the transform, its inverse (nil when
/// singular) and the center it rotates and scales around. Views with the identity transform store
/// their frame origin instead and have none of this.
final class TransformStorage {
    let transform: AffineTransform
    let inverse: AffineTransform?
    var center: Point

    init(transform: AffineTransform, center: Point) {
        self.transform = transform
        self.inverse = transform.inverted()
        self.center = center
    }
}
