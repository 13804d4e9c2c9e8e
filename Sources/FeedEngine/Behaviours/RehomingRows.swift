/// A state whose rows a search thread can give storage of its own (`PresetRows.rehome(in:)`): the presets'
/// states, whose rows are `PresetRows`. A search rehomes a state another thread made before it expands it
/// (`BehaviourRunner.detach`); a team's state, which does not conform, keeps its arrays.
package protocol RehomingRows {
    var rows: PresetRows { get set }
}

extension RehomingRows {
    /// Gives the rows the storage `memo` keeps for them. The state stays equal.
    package mutating func rehomeRows(in memo: SearchMemo) { rows.rehome(in: memo) }
}

extension RulesBehaviour.State: RehomingRows {}
extension Seed000Behaviour.State: RehomingRows {}
extension Seed001Behaviour.State: RehomingRows {}
