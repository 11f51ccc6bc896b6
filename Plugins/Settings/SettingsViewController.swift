import SceneCore

/// The root page: a grouped table of settings. Switches for Wi-Fi and Bluetooth, a brightness
/// slider and a name field hold their values here; General pushes a detail page and About presents
/// a sheet.
final class SettingsViewController: ViewController, TableViewDataSource, TableViewDelegate {
    private let log: @MainActor (String) -> Void
    private let wifi = Switch(frame: .zero)
    private let bluetooth = Switch(frame: .zero)
    private let brightness = Slider(frame: .zero)
    private let name = TextField(frame: .zero, text: "SceneHost", placeholder: "Device name")

    init(log: @escaping @MainActor (String) -> Void) {
        self.log = log
        super.init()
        title = "Settings"
    }

    override func loadView() {
        let table = TableView(frame: .zero)
        table.accessibilityIdentifier = "settings-table"
        table.backgroundColor = .secondarySystemBackground
        table.sectionHeaderHeight = 28
        table.sectionFooterHeight = 8
        table.dataSource = self
        table.delegate = self
        for row in SettingsRow.allCases {
            table.register({ [unowned self] _ in self.makeCell(row) }, forCellReuseIdentifier: row.rawValue)
        }
        view = table
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        wifi.isOn = true
        wifi.accessibilityIdentifier = "wifi"
        wifi.accessibilityLabel = "Wi-Fi"
        wifi.addAction(named: "wifiChanged", for: .valueChanged) { [log] control, _ in log("Wi-Fi \(control.isOn ? "on" : "off")") }
        bluetooth.accessibilityIdentifier = "bluetooth"
        bluetooth.accessibilityLabel = "Bluetooth"
        bluetooth.addAction(named: "bluetoothChanged", for: .valueChanged) { [log] control, _ in
            log("Bluetooth \(control.isOn ? "on" : "off")")
        }
        brightness.value = 0.6
        brightness.accessibilityIdentifier = "brightness"
        brightness.accessibilityLabel = "Brightness"
        brightness.addAction(named: "brightnessChanged", for: .valueChanged) { [log] control, _ in
            log("Brightness \((control.value * 100).rounded() / 100)")
        }
        name.accessibilityIdentifier = "name"
        name.accessibilityLabel = "Name"
        name.addAction(named: "nameChanged", for: .editingChanged) { [log] field, _ in log("Name \(field.text)") }
    }

    private func makeCell(_ row: SettingsRow) -> TableViewCell {
        switch row {
        case .wifi: return SettingsCell(row: row, accessory: wifi)
        case .bluetooth: return SettingsCell(row: row, accessory: bluetooth)
        case .brightness: return SettingsCell(row: row, accessory: brightness, expands: true)
        case .name: return SettingsCell(row: row, accessory: name, expands: true)
        case .general, .about:
            let chevron = Label(frame: .zero, text: "›")
            chevron.textColor = .systemGray
            return SettingsCell(row: row, accessory: chevron)
        }
    }

    // MARK: TableViewDataSource, TableViewDelegate

    func numberOfSections(in tableView: TableView) -> Int { SettingsRow.sections.count }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        SettingsRow.sections[section].count
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) throws -> TableViewCell {
        let row = SettingsRow.sections[indexPath.section][indexPath.row]
        return try tableView.dequeueReusableCell(withIdentifier: row.rawValue, for: indexPath)
    }

    func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        SettingsRow.sections[indexPath.section][indexPath.row].opensSomething ? indexPath : nil
    }

    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: false)
        switch SettingsRow.sections[indexPath.section][indexPath.row] {
        case .general:
            log("Pushed General")
            navigationController?.pushViewController(GeneralViewController(log: log), animated: true)
        case .about:
            log("Presented About")
            present(AboutViewController(log: log), animated: true)
        default:
            break
        }
    }
}
