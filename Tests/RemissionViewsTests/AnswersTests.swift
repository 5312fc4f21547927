import RemissionViews
import Testing

@Suite("One rule for yes/no answers")
struct AnswersTests {
    @Test("yes and y (any case, blanks around) are yes; no and n are no; anything else is neither")
    func rule() {
        for yes in ["yes", "y", "Y", " YES ", "Yes\t"] { #expect(Answers.yesOrNo(yes) == true, "\(yes)") }
        for no in ["no", "n", "N", " No "] { #expect(Answers.yesOrNo(no) == false, "\(no)") }
        for unclear in ["", "ye", "yes please", "oui", "SHA256:AB"] { #expect(Answers.yesOrNo(unclear) == nil) }
        #expect(Answers.yesOrNo(nil) == false)  // end of input
        #expect(Answers.isYes("y") && !Answers.isYes("nah") && !Answers.isYes(nil))
    }
}
